import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { quotedTitle } from './autopilot-plan.ts';

/** What the demo document states about its task. */
type DocumentTask = {
  number: number;
  title: string;
  subject: string;
  level: string;
  size: string;
  requestType: string | null;
  deadline: Date;
  details: string;
  geekName: string;
  /** The revision's request comment, for a revised draft. */
  revisionComment: string | null;
};

// The standard PDF fonts encode WinAnsi only: typographic quotes and dashes become their plain forms, anything
// else outside Latin-1 a question mark, so any title can be printed.
const plain = (text: string) =>
  text
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\r\t]/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of plain(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const PAGE = { width: 612, height: 792, margin: 64 } as const;

/**
 * The demo autopilot's deliverable (decision 022): a short, real PDF that says what task it answers: title,
 * course, level, pages, type of work, deadline, the Geek, and for a revision what the client asked for.
 */
export async function demoDocument(task: DocumentTask): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(plain(task.title));
  pdf.setAuthor(plain(task.geekName));
  pdf.setSubject(plain(task.subject));
  pdf.setCreator('Geekly demo autopilot');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, font: PDFFont, size: number, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < PAGE.margin + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: rgb(0.1, 0.1, 0.15) });
      y -= size + gap;
    }
  };

  write(task.revisionComment === null ? 'Final draft' : 'Revised draft', regular, 11);
  y -= 4;
  write(task.title, bold, 20, 6);
  y -= 10;
  const facts: [string, string][] = [
    ['Task', `#${task.number}`],
    ['Course', task.subject],
    ['Academic level', task.level],
    ['Length', task.size],
    ['Type of work', task.requestType ?? 'Not set'],
    ['Deadline', task.deadline.toUTCString()],
    ['Geek', task.geekName],
  ];
  for (const [label, value] of facts) write(`${label}: ${value}`, regular, 11, 3);
  y -= 14;

  write('Introduction', bold, 14, 6);
  write(
    `This paper answers the task ${quotedTitle(task.title)} for ${task.subject}. ` +
      `It follows the instructions given with the task and is written at the ${task.level} level, ` +
      `${task.size} long in the full version.`,
    regular,
    11,
  );
  y -= 8;
  if (task.details.trim()) {
    write('The instructions', bold, 14, 6);
    write(task.details.trim().slice(0, 1500), regular, 11);
    y -= 8;
  }
  if (task.revisionComment !== null) {
    write('What this revision changes', bold, 14, 6);
    write(task.revisionComment.trim() || 'The changes asked for in the revision request.', regular, 11);
    y -= 8;
  }
  write('About this document', bold, 14, 6);
  write(
    'This is a demonstration document made by the Geekly demo autopilot, which plays the team and the Geek ' +
      'while the product runs with its demo data. It shows how a delivered file reaches the student.',
    regular,
    11,
  );
  return Buffer.from(await pdf.save());
}
