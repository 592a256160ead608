import { formatDollars } from '@geekly/domain/money.ts';
import { REFERRAL_BONUS_CENTS } from '@geekly/domain/payments/rewards.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import s from './account.module.css';

/** docs/product/account.md refer-bonus flow: what a client invited by a friend is told once after logging in. */
export function ReferBonusDialog({ onClose }: { onClose: () => void }) {
  const bonus = formatDollars(REFERRAL_BONUS_CENTS);
  return (
    <Dialog title="You joined through a friend's invite" onClose={onClose}>
      <p className={s.dialogText}>
        When you have confirmed your phone number and received a task you paid for in full, your friend gets{' '}
        {bonus} on their Geekly balance. You can invite your own friends the same way from{' '}
        <Link to="/referral">your invite page</Link>.
      </p>
      <p className={s.dialogText}>
        To keep invites fair, the bonus waits for your phone number, confirmed with a code we send by SMS: add
        it on <Link to="/profile">your profile</Link> and use the banner above your tasks.
      </p>
      <div className={s.dialogActions}>
        <Button type="button" onClick={onClose}>
          Got it
        </Button>
      </div>
    </Dialog>
  );
}
