/**
 * `npm run methodology:video-table`
 * Prints docs/methodology.md's table of generated video: every EcoLogits model of
 * data/video-energy.json at each size its regression was fitted on, and the mean of them all that
 * stands in for a site's model EcoLogits lacks, for 8 s with audio, as the core's `estimateVideo`
 * computes them. The methodology test holds the page's table to exactly this text.
 */
import { fileURLToPath } from 'node:url';
import videoData from '../../data/video-energy.json';
import { estimateVideo, type VideoRequest } from '../../src/features/video/rules';

/** The length the table shows: the default length most sites' videos count as. */
const SECONDS = 8;

const en = (n: number): string => n.toLocaleString('en');
/** Three significant figures: the table shows scale, not the core's precision. */
const p3 = (n: number): string => en(Number(n.toPrecision(3)));

/** The markdown table, header included, without a trailing newline. */
export function videoTable(): string {
  const proxy = `mean of the ${videoData.models.length} models`;
  // The proxy is shown at each size a site that uses it counts its videos at.
  const proxySizes = new Map(videoData.sites.filter((s) => s.model === null).map((s) => [`${s.width} × ${s.height}`, [s.width, s.height]]));
  const requests: VideoRequest[] = [
    ...videoData.models.flatMap((m) =>
      m.fitted.resolutions.map(([width, height]) => ({ model: m.key, width: width!, height: height!, seconds: SECONDS, with_audio: true })),
    ),
    ...[...proxySizes.values()].map(([width, height]) => ({ model: null, width: width!, height: height!, seconds: SECONDS, with_audio: true })),
  ];
  const rows = requests.map((request) => {
    const result = estimateVideo(request);
    if (!result.ok) throw new Error(result.error.message);
    const e = result.value;
    const cells = [request.model ?? proxy, `${e.width} × ${e.height}`, `${p3(e.wh.low)} to ${p3(e.wh.high)}`, p3(e.wh.central), p3(e.wh_per_second)];
    return `| ${cells.join(' | ')} |`;
  });
  return ['| model | size | Wh (low to high) | Wh (central) | Wh per second |', '|---|---|---|---:|---:|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(videoTable());
