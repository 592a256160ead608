import s from './status-chip.module.css';

// Issue 14 item 6: the chip's colour says what the status means for the student.
const TONES: Record<string, 'unpaid' | 'working' | 'completed' | 'refund'> = {
  new: 'unpaid',
  unpaid: 'unpaid',
  checking_instructions: 'working',
  selecting_geek: 'working',
  working: 'working',
  revision_requested: 'working',
  revision_in_progress: 'working',
  completed: 'completed',
  revision_completed: 'completed',
  refund_requested: 'refund',
  refunded: 'refund',
};

export function StatusChip({
  status,
}: {
  status: { key: string; label: string; list_label: string | null };
}) {
  const tone = TONES[status.key] ?? 'working';
  return (
    <span className={s[tone]} data-tone={tone}>
      {status.list_label ?? status.label}
    </span>
  );
}
