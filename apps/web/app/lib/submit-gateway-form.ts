import type { GatewayForm } from '@geekly/domain/payments/pay-schemas.ts';

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
