// The sandbox gateway's hosted card page: server-rendered HTML with no script, like a processor's own page.
const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type CardFieldErrors = Partial<Record<'card_number' | 'expiry' | 'cvc' | 'name', string>>;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f5f9;color:#1b2233}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,60,.08);padding:24px}
h1{font-size:20px;margin:0 0 4px}.merchant{color:#566079;margin:0 0 16px}
.amount{font-size:28px;font-weight:700;margin:0 0 4px}.details{color:#566079;margin:0 0 20px;word-break:break-word}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #b9c1d3;border-radius:8px;background:#fff;color:#1b2233}
input[aria-invalid=true]{border-color:#b3261e}.err{color:#b3261e;font-size:14px;margin:4px 0 0}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;margin-top:20px;padding:12px;font:inherit;font-weight:700;color:#fff;background:#2949d6;border:0;border-radius:8px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:14px;color:#2949d6}
.note{margin-top:20px;padding:12px;border-radius:8px;background:#fff8e1;color:#4a3b00;font-size:14px}
.note code{font-weight:700}.secure{color:#566079;font-size:13px;text-align:center;margin-top:12px}
`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function cardPageHtml(p: {
  action: string;
  token: string;
  company: string;
  details: string;
  amountText: string;
  currency: string;
  cancelUrl: string;
  values?: { name?: string; expiry?: string };
  errors?: CardFieldErrors;
}) {
  const e = p.errors ?? {};
  const field = (id: keyof CardFieldErrors, label: string, attrs: string, value = '') =>
    `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${attrs} value="${esc(value)}"${
      e[id] ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
    }>${e[id] ? `<p class="err" id="${id}-error">${esc(e[id])}</p>` : ''}</div>`;
  return page(
    `Pay ${p.amountText} — ${p.company}`,
    `<div class="card"><h1>Card payment</h1><p class="merchant">${esc(p.company)}</p>
<p class="amount">$${esc(p.amountText)} <small>${esc(p.currency)}</small></p><p class="details">${esc(p.details)}</p>
<form method="post" action="${esc(p.action)}" novalidate>
<input type="hidden" name="token" value="${esc(p.token)}">
${field('card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required')}
<div class="row">${field('expiry', 'Expiry date (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required', p.values?.expiry)}
${field('cvc', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}</div>
${field('name', 'Name on card', 'autocomplete="cc-name" maxlength="100" required', p.values?.name)}
<button type="submit">Pay $${esc(p.amountText)}</button></form>
<a class="cancel" href="${esc(p.cancelUrl)}">Cancel and go back</a>
<p class="secure">Sandbox payment page: no real card is charged.</p>
<div class="note" role="note"><strong>Test cards</strong> (any future expiry date, any CVV):<br>
<code>4242 4242 4242 4242</code> succeeds<br><code>4000 0000 0000 0002</code> is declined by the bank<br>
<code>4000 0000 0000 0119</code> fails with a gateway error</div></div>`,
  );
}

export function refusedPageHtml(message: string) {
  return page(
    'Payment refused',
    `<div class="card"><h1>Payment refused</h1><p role="alert">${esc(message)}</p><a class="cancel" href="/orders">Back to Geekly</a></div>`,
  );
}
