import { describe, expect, it } from 'vitest';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';

// Label strings as the sites show them (sources: the per-site fixture notes in
// test/fixtures/sites/README.md).
const LABELS: [label: string, lang: string, seconds: number][] = [
  ['Thought for 15m 31s', 'en', 931],
  ['Reasoned for 12 seconds', 'en', 12],
  ['Thought for 30s', 'en', 30],
  ['Worked for 2m 5s', 'en', 125],
  ['Thought for 25 seconds', 'en', 25],
  ['Thought for 1 minute', 'en', 60],
  ['Réfléchi pendant 10s', 'fr', 10],
  ['Réflexion pendant 1 min 5 s', 'fr', 65],
  ['Nachgedacht für 12 Sekunden', 'de', 12],
  ['12 s lang nachgedacht', 'de', 12],
  ['Pensó durante 10 s', 'es', 10],
  ['Razonó durante 1 minuto', 'es', 60],
  ['Pensou por 10s', 'pt', 10],
  ['Raciocinou por 12 segundos', 'pt', 12],
  ['8s 동안 생각함', 'ko', 8],
  ['1분 30초 동안 생각함', 'ko', 90],
  ['已深度思考（用时 25 秒）', 'zh', 25],
  ['已思考（用时 3 秒）', 'zh', 3],
  ['思考了 1 分钟 12 秒', 'zh', 72],
  ['8 秒間思考しました', 'ja', 8],
  ['思考時間: 1分30秒', 'ja', 90],
  ['25秒で思考', 'ja', 25],
  // Seen in exports of live chats (several are in test/fixtures/sites/chatgpt-reasoning.html, with their sources).
  ['Reasoned about file ingestion process for 41 seconds', 'en', 41],
  ['Worked for 8m 19s', 'en', 499],
  ['Nachgedacht für 1m 9s', 'de', 69],
  ['思考時間: 7 秒', 'ja', 7],
  ['思考時間: 3m 42s', 'ja', 222],
  ['Pensó durante 1m 50s', 'es', 110],
  ['已思考 12s', 'zh', 12],
  ['1m 9s 동안 생각함', 'ko', 69],
  ['6초 동안 생각함', 'ko', 6],
  ['已深度思考（用时32秒）', 'zh', 32],
  ['已深度思考（用时 12.3 秒）', 'zh', 12],
];

describe('parseReasoningDuration', () => {
  it.each(LABELS)('reads "%s" (%s) as %i s', (label, _lang, seconds) => {
    expect(parseReasoningDuration(label)).toBe(seconds);
  });

  it.each([
    'Thought for a couple of seconds',
    'Nachgedacht für einige wenige Sekunden',
    'Ragionato per alcuni secondi',
    'Thought for a few seconds',
    'Show thinking',
    'Thinking…',
    'Réflexion',
    '',
    null,
    'GPT 5 sehr gut',
  ])('gives null for a label without a readable duration: %s', (label) => {
    expect(parseReasoningDuration(label)).toBeNull();
  });

  it('accepts a decimal comma', () => {
    expect(parseReasoningDuration('Nachgedacht für 1,5 Minuten')).toBe(90);
  });
});
