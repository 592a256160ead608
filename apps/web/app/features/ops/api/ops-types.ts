// The answers of the Geeks' earnings calls (GET /ops/geek-earnings, GET /ops/geeks/:id/earnings, decision 036),
// still typed by hand until those endpoints join a contract (their routes are in modules/payments).

/** GET /ops/geek-earnings: a Geek's earnings and tips (decision 036). */
export type GeekEarningTotals = {
  geek_id: string;
  public_full_name: string;
  tasks: number;
  earned: number;
  tips: number;
  total: number;
};

/** GET /ops/geeks/:id/earnings. */
export type GeekEarningHistory = {
  geek_id: string;
  public_full_name: string;
  total: number;
  lines: {
    created_at: string;
    kind: 'earning' | 'tip';
    memo: string | null;
    order_id: string | null;
    order_number: number | null;
    title: string | null;
    amount: number;
  }[];
};
