/** Progress of a long run on the terminal: a bar redrawn in place, or periodic lines when piped. */
export class ProgressBar {
  private done = 0;
  private failed = 0;
  private lastLine = 0;
  private readonly started = Date.now();

  constructor(
    private readonly total: number,
    private readonly unit = 'documentos/s',
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  tick(failed: boolean): void {
    this.done += 1;
    if (failed) this.failed += 1;
    this.render(false);
  }

  finish(): void {
    this.render(true);
    if (this.stream.isTTY) this.stream.write('\n');
  }

  private render(force: boolean): void {
    const now = Date.now();
    const interval = this.stream.isTTY ? 100 : 2000;
    if (!force && now - this.lastLine < interval && this.done < this.total) return;
    this.lastLine = now;
    const ratio = this.total === 0 ? 1 : this.done / this.total;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const line =
      `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.floor(ratio * 100)}% ` +
      `${this.done}/${this.total} · ${Math.round(this.done / seconds)} ${this.unit}` +
      (this.failed > 0 ? ` · ${this.failed} con errores` : '');
    this.stream.write(this.stream.isTTY ? `\r${line}` : `${line}\n`);
  }
}
