import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../methodology/render';

export const METHODOLOGY_PATH = fileURLToPath(new URL('../../docs/methodology.md', import.meta.url));

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1f23;background:#fff}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccd;padding:.3rem .6rem;text-align:left}
code{background:#f2f3f5;padding:0 .2rem;border-radius:3px}
@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#16181b}code{background:#2a2d31}th,td{border-color:#444}}`;

/** docs/methodology.md as a small standalone HTML page (the service renders it once, at start). */
export async function methodologyPage(path: string = METHODOLOGY_PATH): Promise<string> {
  const markdown = await readFile(path, 'utf8');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Methodology · AI Chat Footprint</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${renderMarkdown(markdown)}
</main>
</body>
</html>
`;
}
