/** The marker that ends output cut at its cap (the same words as the web skills' cut bodies). */
export function cutMarker(dropped: number): string {
  return `\n\n[… ${dropped.toLocaleString('en-US')} more characters cut]`;
}

/**
 * Program output kept up to `cap` characters, in the order it arrives; what comes after is only
 * counted, so a program that prints gigabytes costs no memory.
 */
export class CappedOutput {
  private kept = '';
  private dropped = 0;

  constructor(private readonly cap: number) {}

  append(chunk: string): void {
    if (chunk.length === 0) return;
    const room = this.cap - this.kept.length;
    if (chunk.length <= room) {
      this.kept += chunk;
      return;
    }
    let head = room > 0 ? chunk.slice(0, room) : '';
    // Never keep half of a surrogate pair: the text must stay valid when it is sent on.
    if (head.length > 0 && isHighSurrogate(head.charCodeAt(head.length - 1))) {
      head = head.slice(0, -1);
    }
    this.kept += head;
    this.dropped += chunk.length - head.length;
  }

  get droppedCharacters(): number {
    return this.dropped;
  }

  /** The kept text, with the cut marker when anything was dropped. */
  text(): string {
    return this.dropped > 0 ? `${this.kept}${cutMarker(this.dropped)}` : this.kept;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
