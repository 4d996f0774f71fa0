// Imported first by main.tsx: marks when the popup's script starts to run (for bench/popup.bench.ts).
performance.mark('popup-script-start');
