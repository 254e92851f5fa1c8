import type { ReactNode } from 'react'
import { BaseError } from '../adapters/errors.ts'
import type { ModalInstance } from './instance.ts'
import type { ModalOptions } from './types.ts'

/*
 * The vocabulary of `latchkey/element` (re-exported there): the element names, the attributes `<latchkey-modal>` reads,
 * the attribute error, and the types of the classes `defineLatchkeyElements` registers. The classes themselves are made
 * in ui/element.ts on the call (`HTMLElement` exists only in a browser).
 */
/** The element names {@link defineLatchkeyElements} registers. */
export const latchkeyElementNames = { modal: 'latchkey-modal', button: 'latchkey-button', networkButton: 'latchkey-network-button' } as const

/** The attributes `<latchkey-modal>` reads (changing one after the modal exists creates it again). */
export const modalAttributes = [
  'project-id',
  'networks',
  'default-network',
  'theme-mode',
  'theme-variables',
  'locale',
  'blockchain-url',
  'directory-url',
  'relay-url',
  'wallet-connect',
  'enable-reconnect',
  'allow-unsupported-chain',
  'enable-network-switch',
  'ignore-switch-confirmation',
  'manual-wallet-connect',
  'debug',
] as const

/**
 * A `<latchkey-…>` element's attribute the element cannot work with (or the modal refused), naming the element, the
 * attribute and why. Not thrown on import nor by the DOM: the element shows it (`role="alert"`), keeps it in its
 * `error` property, rejects `ready` with it and dispatches a `latchkey-error` event.
 */
export class InvalidElementAttributeError extends BaseError {
  static override docsPath = '/errors/InvalidElementAttributeError'
  override name = 'InvalidElementAttributeError'
  element: string
  attribute: string
  constructor(element: string, attribute: string, shortMessage: string, args: { details?: string; cause?: unknown } = {}) {
    super(`<${element}> ${attribute}: ${shortMessage}`, args)
    this.element = element
    this.attribute = attribute
  }
}

/**
 * The classes {@link defineLatchkeyElements} registers (made on the call: `HTMLElement` exists only in a browser), as
 * `customElements.get(name)` returns them.
 */
export type LatchkeyElements = {
  /** `<latchkey-modal>`. */
  ModalElement: {
    new (): LatchkeyModalElement &
      LatchkeyElementCallbacks & {
        /** The page buttons of this modal (focus returns to one of them on close). */
        readonly pageButtons: Map<HTMLElement, number>
      }
    /** The attributes whose changes the element hears ({@link modalAttributes}). */
    observedAttributes: (typeof modalAttributes)[number][]
  }
  /** `<latchkey-button>`: the connect button, then the account button. */
  ButtonElement: { new (): LatchkeyPageButtonElement; observedAttributes: string[] }
  /** `<latchkey-network-button>`. */
  NetworkButtonElement: { new (): LatchkeyPageButtonElement; observedAttributes: string[] }
}

/** The custom element callbacks of the classes of {@link LatchkeyElements} (the browser calls them). */
export interface LatchkeyElementCallbacks {
  connectedCallback(): void
  disconnectedCallback(): void
  attributeChangedCallback(name: string, previous: string | null, next: string | null): void
}

/** What a `<latchkey-button>` or `<latchkey-network-button>` element offers to scripts. */
export interface LatchkeyPageButtonElement extends HTMLElement, LatchkeyElementCallbacks {
  /** The `<latchkey-modal>` this button belongs to (`modal="<id>"`, else the page's first), if it is in the document. */
  readonly modalElement: LatchkeyModalElement | undefined
  /** What the button renders with its modal's context. */
  content(): ReactNode
}

/**
 * What a `<latchkey-modal>` element offers to scripts. Events: `latchkey-ready` (`detail.modal`, bubbles) once its modal
 * is created, `latchkey-error` (`detail.error`, bubbles) for a bad attribute, `latchkey-destroyed` (`detail.modal`) when
 * the modal is destroyed (the element removed, or an attribute changed: a new `latchkey-ready` follows).
 */
export interface LatchkeyModalElement extends HTMLElement {
  /** The modal instance once created (the element is connected and its attributes are valid), else undefined. */
  readonly modal: ModalInstance | undefined
  /** Resolves with the modal instance once created; rejects with the attribute error. */
  readonly ready: Promise<ModalInstance>
  /** The attribute error that keeps the modal from being created, if any. */
  readonly error: InvalidElementAttributeError | undefined
  /**
   * Options attributes cannot carry (`storage`, `adapter`, `siwx`, `metadata`, …), over `defineLatchkeyElements`'
   * `options`; its attributes win. Setting it after the modal exists creates the modal again.
   */
  options: Partial<ModalOptions> | undefined
  open(args?: Parameters<ModalInstance['open']>[0]): void
  close(): void
}
