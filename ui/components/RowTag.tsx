/**
 * A row's tag ('Installed', 'QR code', the All Wallets count, a ✓ badge) as its button's description:
 * the button is named by its visible name alone, so the accessible name holds the visible label (WCAG 2.5.3), and the
 * tag is announced after it through `aria-describedby`. The visible tag is hidden from the name; `description` (the
 * words for a symbol like ✓, else the tag itself) is what assistive technology reads.
 */
export function RowTag({ id, text, description = text, variant }: { id: string; text: string; description?: string; variant?: 'accent' }) {
  return (
    <>
      <span className="lk-tag" aria-hidden="true" {...(variant ? { 'data-variant': variant } : {})}>
        {text}
      </span>
      <span id={id} hidden>
        {description}
      </span>
    </>
  )
}
