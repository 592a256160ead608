import { publicGeekName } from '@geekly/domain/workspace/workspace-contract.ts';
import { useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import {
  type OpsApplication,
  useApproveApplication,
  useRejectApplication,
} from '../api/geek-team-queries.ts';
import { formErrors, OpsForm, OpsFormFooter, OpsModal, OpsTextField, opsStyles as s } from './widgets.tsx';

const subjectList = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Approve: a Geek profile named "First L." with the major and subjects staff choose, linked to a Geek log-in
 * with the applicant's e-mail and the password they chose; the applicant is mailed.
 */
export function ApproveDialog({
  application,
  onClose,
}: {
  application: OpsApplication;
  onClose: () => void;
}) {
  const approve = useApproveApplication();
  const [major, setMajor] = useState(application.subject ?? '');
  const [subjects, setSubjects] = useState(application.subject ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <OpsModal title={`Approve ${application.name}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <OpsForm
        errors={errors}
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          approve.mutate(
            { id: application._id, major, public_subjects: subjectList(subjects) },
            {
              onSuccess: (geek) => {
                announce(`${geek.public_full_name} is a Geek now`);
                onClose();
              },
              onError: (err) => setErrors(formErrors(err)),
            },
          );
        }}
      >
        <p>
          Public name: <strong>{publicGeekName(application.name)}</strong>. The Geek logs in at
          /workspace/login with {application.email} and the password they chose.
        </p>
        <OpsTextField
          label="Major"
          name="major"
          value={major}
          onChange={setMajor}
          error={errors.major}
          autoFocus
        />
        <OpsTextField
          label="Subjects (comma-separated): offers in these courses reach the Geek"
          name="public_subjects"
          value={subjects}
          onChange={setSubjects}
          error={errors.public_subjects}
        />
        <OpsFormFooter
          error={errors.form}
          submitLabel="Approve"
          busy={approve.isPending}
          onCancel={onClose}
        />
      </OpsForm>
    </OpsModal>
  );
}

/** Reject with a reason: the applicant is mailed it; the decision is in the audit log. */
export function RejectDialog({ application, onClose }: { application: OpsApplication; onClose: () => void }) {
  const reject = useRejectApplication();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <OpsModal title={`Reject ${application.name}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <OpsForm
        errors={errors}
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          reject.mutate(
            { id: application._id, reason },
            {
              onSuccess: () => {
                announce('Application rejected');
                onClose();
              },
              onError: (err) => setErrors(formErrors(err)),
            },
          );
        }}
      >
        <p className={s.muted}>The applicant receives this reason by e-mail.</p>
        <OpsTextField
          label="Reason"
          name="reason"
          value={reason}
          onChange={setReason}
          error={errors.reason}
          multiline
          autoFocus
        />
        <OpsFormFooter error={errors.form} submitLabel="Reject" busy={reject.isPending} onCancel={onClose} />
      </OpsForm>
    </OpsModal>
  );
}
