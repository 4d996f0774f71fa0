/**
 * CPU profiles of a page's main thread over CDP, and what an extension's code costs in them.
 *
 * Chromium samples the main thread about every 100 µs. A sample belongs to an extension when any
 * frame on its stack comes from the extension's URL (its content script, or a chunk it loads), so
 * the DOM work, style recalculation and garbage collection its code causes count as its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEAST_UPPER_BOUND, originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession, Page } from 'playwright-core';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Attribution {
  /** Time with the extension's code on the stack. */
  totalMs: number;
  /** The same, with starved samples counted as one typical interval. */
  totalClampedMs: number;
  /** The longest unbroken run of such samples. */
  longestMs: number;
  longestClampedMs: number;
  /** Samples after a gap far longer than the sampling interval. */
  starved: number;
}

/** One function's share of the extension's time. */
export interface FunctionCost {
  name: string;
  ms: number;
}

/**
 * A gap between samples far longer than the 100 µs interval means the sampler (and the page) were
 * not running: the machine's cores were busy elsewhere. The clamped figures count such a gap as one
 * typical interval (the profile's median); the raw figures count it in full.
 */
const STARVED_US = 1_000;

export async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return cdp;
}

export async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  return profile;
}

/** All main-thread script time of the page so far (Chromium's ScriptDuration metric), ms. */
export async function scriptDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

/** The profile's samples with, for each, its stack from the leaf up and how long it lasted (µs). */
function* stacks(profile: Profile): Generator<{ stack: ProfileNode[]; us: number }> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, ProfileNode[]>();
  const stackOf = (id: number): ProfileNode[] => {
    let known = memo.get(id);
    if (!known) {
      const up = parent.get(id);
      known = [byId.get(id)!, ...(up === undefined ? [] : stackOf(up))];
      memo.set(id, known);
    }
    return known;
  };
  // timeDeltas[i] is the time before sample i; the sample's own duration is the next delta.
  for (let i = 0; i < profile.samples.length; i++) yield { stack: stackOf(profile.samples[i]), us: profile.timeDeltas[i + 1] ?? 0 };
}

const typicalInterval = (profile: Profile): number => [...profile.timeDeltas].sort((a, b) => a - b)[Math.floor(profile.timeDeltas.length / 2)] ?? 100;

const isFrom = (urlPart: string) => (n: ProfileNode) => n.callFrame.url.includes(urlPart);

/** Time with code from `urlPart` on the stack, and the longest unbroken stretch of it. */
export function attribute(profile: Profile, urlPart: string): Attribution {
  const typicalUs = typicalInterval(profile);
  const ours = isFrom(urlPart);
  const out = { totalUs: 0, clampedUs: 0, longestUs: 0, longestClampedUs: 0, starved: 0 };
  let runUs = 0;
  let runClampedUs = 0;
  for (const { stack, us } of stacks(profile)) {
    if (!stack.some(ours)) {
      runUs = 0;
      runClampedUs = 0;
      continue;
    }
    const clamped = us > STARVED_US ? typicalUs : us;
    if (us > STARVED_US) out.starved++;
    out.totalUs += us;
    out.clampedUs += clamped;
    runUs += us;
    runClampedUs += clamped;
    out.longestUs = Math.max(out.longestUs, runUs);
    out.longestClampedUs = Math.max(out.longestClampedUs, runClampedUs);
  }
  return {
    totalMs: out.totalUs / 1000,
    totalClampedMs: out.clampedUs / 1000,
    longestMs: out.longestUs / 1000,
    longestClampedMs: out.longestClampedUs / 1000,
    starved: out.starved,
  };
}

/** The original name and place of a frame in a built file (from its source map), or null. */
export type NameResolver = (file: string, line: number, column: number) => string | null;

const sourceFor = (map: TraceMap, source: string): string | null => sourceContentFor(map, source);

/**
 * Where a minified function's body starts: a frame points at the function's parameters, which the
 * map often ties to whatever code came before it (a constant, another module's last line).
 */
function bodyStart(code: string, column: number): number {
  const brace = code.indexOf('{', column);
  const arrow = code.indexOf('=>', column);
  if (arrow !== -1 && (brace === -1 || arrow < brace) && code[arrow + 2] !== '{') return arrow + 2;
  return brace === -1 ? column : brace + 1;
}

/** A line that opens a function (a declaration, a method, an arrow), not a block statement. */
const FUNCTION_HEAD =
  /\bfunction\b|=>|^(?!(?:if|for|while|switch|catch|return)\b)(?:(?:async|get|set|static|private|readonly|export)\s+)*[#\w]+\s*(?:<[^>]*>)?\(.*\)[^;]*\{$/;

/** Resolves frames of the built extension in `dir` through the `.map` files beside its scripts (built with hidden source maps). */
export function sourceMapNames(dir: string): NameResolver {
  const maps = new Map<string, { map: TraceMap; lines: string[] } | null>();
  return (file, line, column) => {
    if (!maps.has(file)) {
      const path = join(dir, `${file}.map`);
      maps.set(file, existsSync(path) ? { map: new TraceMap(readFileSync(path, 'utf8')), lines: readFileSync(join(dir, file), 'utf8').split('\n') } : null);
    }
    const built = maps.get(file);
    if (!built) return null;
    const { map, lines } = built;
    // The body's first statement, then up the original source to the line that opens its function.
    const at = originalPositionFor(map, { line: line + 1, column: bodyStart(lines[line] ?? '', column), bias: LEAST_UPPER_BOUND });
    if (at.source === null) return null;
    const source = sourceFor(map, at.source)?.split('\n') ?? [];
    let head = at.line - 1;
    for (let i = head; i >= Math.max(0, at.line - 40); i--) {
      if (FUNCTION_HEAD.test(source[i]?.trim() ?? '')) {
        head = i;
        break;
      }
    }
    const text = source[head]?.trim().slice(0, 60) ?? at.name ?? '?';
    return `${at.source.replace(/^(\.\.\/)+/, '')}:${head + 1} ${text}`;
  };
}

function frameName(n: ProfileNode, urlPart: string, names?: NameResolver): string {
  const { functionName, url, lineNumber, columnNumber } = n.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name; // the browser's own: a DOM method, (garbage collector), (program)
  const file = url.includes(urlPart) ? url.slice(url.indexOf(urlPart) + urlPart.length) : url;
  const original = url.includes(urlPart) ? names?.(file, lineNumber, columnNumber) : null;
  return original ?? `${name} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
}

/**
 * Where the extension's time goes, two ways, largest first: by the function running (`self`: the
 * leaf frame, which may be the browser's own, such as querySelectorAll or style recalculation), and
 * by the extension's own function nearest the leaf (`own`: who asked for that work). Starved samples
 * count as one typical interval, as in the clamped totals.
 */
export function byFunction(profile: Profile, urlPart: string, names?: NameResolver, top = 12): { self: FunctionCost[]; own: FunctionCost[] } {
  const ours = isFrom(urlPart);
  const typicalUs = typicalInterval(profile);
  const self = new Map<string, number>();
  const own = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  for (const { stack, us } of stacks(profile)) {
    const nearest = stack.find(ours);
    if (!nearest) continue;
    const clamped = us > STARVED_US ? typicalUs : us;
    add(self, frameName(stack[0], urlPart, names), clamped);
    add(own, frameName(nearest, urlPart, names), clamped);
  }
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000 }));
  return { self: list(self), own: list(own) };
}
