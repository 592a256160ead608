import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { openChat } from '../../../lib/open-chat.ts';
import { SUPPORT_MAILTO } from '../../../lib/support.ts';
import s from './payment-return.module.css';

type PaymentErrorKind = 'card_declined' | 'server_error' | 'expired';

type Props = {
  kind: PaymentErrorKind;
  onClose: () => void;
  /** The expired popup's way back (to the list or the task). */
  retry?: { label: string; onClick: () => void };
};

/** docs/product/messages.md: the chat opens 1 s after 'Contact us'. */
const CONTACT_US_CHAT_DELAY_MS = 1000;

/**
 * docs/product/payments-and-ledger.md "Payment error popup": 'Oops', the declined-card or server-error texts, 'Contact us' and
 * 'Email us'. The expired popup has no text in the specs, so its words are ours.
 */
export function PaymentErrorDialog({ kind, onClose, retry }: Props) {
  return (
    <Dialog title="Oops" onClose={onClose}>
      <div className={s.message}>
        <span className={s.iconError} aria-hidden="true">
          !
        </span>
        {kind === 'card_declined' ? (
          <>
            <p className={s.lead}>Your card got declined by your bank</p>
            <p className={s.text}>
              There may not be enough funds on the card, or the card details, such as the expiry date or the
              CVV, were entered wrong. Nothing was charged.
            </p>
            <h3 className={s.help}>If you need help:</h3>
          </>
        ) : kind === 'server_error' ? (
          <>
            <p className={s.lead}>Something went wrong and your payment didn’t go through</p>
            <p className={s.text}>Please get in touch and we will figure something out:</p>
          </>
        ) : (
          <>
            <p className={s.lead}>Your payment session expired</p>
            <p className={s.text}>Nothing was charged. Please try again.</p>
          </>
        )}
        <div className={s.actions}>
          {kind === 'expired' && retry ? (
            <Button type="button" onClick={retry.onClick}>
              {retry.label}
            </Button>
          ) : (
            <>
              {/* docs/product/messages.md: 'Contact us' closes the popup and opens the chat after 1 second. */}
              <a
                className={s.primaryLink}
                href={SUPPORT_MAILTO}
                onClick={(e) => {
                  e.preventDefault();
                  onClose();
                  setTimeout(openChat, CONTACT_US_CHAT_DELAY_MS);
                }}
              >
                Contact us
              </a>
              <a className={s.secondaryLink} href={SUPPORT_MAILTO}>
                Email us
              </a>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
