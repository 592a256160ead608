import dayjs from 'dayjs';

/** Seed 000 §2: 'Due Month D at h A', in the browser's time zone. */
export const formatDue = (iso: string) => dayjs(iso).format('[Due] MMMM D [at] h A');
