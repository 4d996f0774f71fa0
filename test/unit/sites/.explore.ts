import { fixture, loadPage } from '/work/main/test/unit/sites/load-page';
import { ADAPTERS } from '/work/main/src/sites';
const [site, file, url] = process.argv.slice(2);
const a = (ADAPTERS as any)[site];
const doc = loadPage(fixture(file), url);
const turns = a.findTurns(doc);
console.log('count', turns.length, 'streaming', a.isStreaming(doc), 'label', a.readModelLabel(doc), 'conv', a.conversationId(url));
for (const t of turns) { const x = a.readText(t); console.log('---', t.role, t.id, x.length, JSON.stringify(x.slice(0, 120)), '...', JSON.stringify(x.slice(-80))); }
