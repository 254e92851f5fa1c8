/** Column alignment in {@link renderTable}. */
export type Align = 'left' | 'right'

/**
 * Renders rows as a plain-text table with a header rule, columns padded to their widest cell
 * (Markdown-compatible, so it pastes into an issue as a table).
 *
 * @param align per column; default left for the first column, right for the others.
 */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, align: readonly Align[] = []): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)))
  const alignOf = (i: number): Align => align[i] ?? (i === 0 ? 'left' : 'right')
  const line = (cells: readonly string[]): string => `| ${widths.map((width, i) => (alignOf(i) === 'left' ? (cells[i] ?? '').padEnd(width) : (cells[i] ?? '').padStart(width))).join(' | ')} |`
  const rule = `| ${widths.map((width, i) => (alignOf(i) === 'left' ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

/** Median, min and max of `values` (which must not be empty). */
export function summarize(values: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! }
}

/** `value` in milliseconds, one decimal. */
export function ms(value: number): string {
  return `${value.toFixed(1)} ms`
}

/** `a / b` with two decimals, or `n/a`. */
export function ratio(a: number | undefined, b: number | undefined): string {
  return a === undefined || b === undefined || b === 0 ? 'n/a' : (a / b).toFixed(2)
}
