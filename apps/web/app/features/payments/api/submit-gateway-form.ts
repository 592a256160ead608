/** The hosted card page's form, as the API answers it (the domain's gatewayFormSchema, decision 010). */
export type GatewayForm = { url: string; method: 'POST'; fields: Record<string, string> };

/** A payment the balance did not cover (redirectAnswerSchema): the browser goes on to the card page. */
export type GatewayRedirect = { status: 'redirect'; payment_id: string; gateway: GatewayForm };

/**
 * docs/product/payments-and-ledger.md: payments are a browser form POST to the gateway's address with hidden fields. A real form is
 * submitted (not fetch), so the browser leaves for the card page and comes back on a return URL.
 */
export function submitGatewayForm(gateway: GatewayForm, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = gateway.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(gateway.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
