/** Saves a file the worker produced: a Blob behind a temporary <a download>. */
export function downloadFile(file: { filename: string; mimeType: string; content: string }, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.style.display = 'none';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled, or the download can be cancelled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
