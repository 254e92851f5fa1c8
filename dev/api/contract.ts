/**
 * The five OpenAPI 3.1 contracts (`openapi/*.yaml`) loaded as the single source of the reference server:
 * its route table, its request validation and its response validation. Nothing here is a copy of a schema;
 * every validator is compiled by Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) from the YAML. A contract may
 * be split into documents (`blockchain.yaml` mounts the paths of `blockchain/*.yaml`): every document a `$ref`
 * names is loaded too, and `$ref`s are followed across them, relative to the document that holds them.
 *
 * Dev-only: imported by `dev/api/server.ts` and the tests, never by the library.
 */
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { BaseError } from '../../kernel/errors.ts'

/** The contracts and the path prefix under which the server mounts each one. */
export const contractMounts = [
  { name: 'blockchain', prefix: '/blockchain' },
  { name: 'directory', prefix: '/directory' },
  { name: 'analytics', prefix: '/analytics' },
  { name: 'siwx', prefix: '/siwx' },
  { name: 'exchange', prefix: '/exchange' },
] as const

/** `'blockchain' | 'directory' | 'analytics' | 'siwx' | 'exchange'`. */
export type ContractName = (typeof contractMounts)[number]['name']

/**
 * Query parameters the reference server requires wherever an operation declares them, although the
 * contracts mark them optional (the client middleware adds them, spec §7): `st`, `sv` and `projectId`.
 * Missing or empty → 400.
 */
export const commonRequiredQuery = ['st', 'sv', 'projectId'] as const

/** What one declared response (a status code, `2XX` or `default`) allows. */
export type ResponseSpec = {
  /** Media types the contract lists for this response; empty when it has no content (204). */
  contentTypes: string[]
  /** Validates an `application/json` body against the response schema; absent when the response is not JSON. */
  validateJson?: ValidateFunction
}

/** One operation of a contract, ready for routing and validation. */
export type Operation = {
  contract: ContractName
  operationId: string
  /** Upper-case HTTP method. */
  method: string
  /** Path template inside the contract, e.g. `/v1/account/{address}/balance`. */
  path: string
  /** Path template as mounted, e.g. `/blockchain/v1/account/{address}/balance`. */
  mountedPath: string
  /** Matches a mounted request path; the groups are the path parameters in {@link Operation.pathParamNames} order. */
  pattern: RegExp
  pathParamNames: string[]
  /** The {@link commonRequiredQuery} names this operation declares (so requires). */
  requiredCommonQuery: string[]
  /** Validates (and coerces, e.g. `page` to an integer) the query object. */
  validateQuery: ValidateFunction
  validatePath: ValidateFunction
  /** Validates the JSON request body; absent when the operation takes none. */
  validateBody?: ValidateFunction
  bodyRequired: boolean
  /** By status key: `'200'`, `'204'`, `'2XX'`, `'default'`. */
  responses: Map<string, ResponseSpec>
}

/** A contract that cannot be loaded: a document that is not there or not YAML, a `$ref` that leads nowhere, an operation without `operationId`. */
export class ContractLoadError extends BaseError {
  override name = 'ContractLoadError'
}

/** The loaded contracts: every operation, plus a plain validator for any schema pointer (tests use it). */
export type Contracts = {
  operations: Operation[]
  /** The parsed YAML document of each contract (`openapi/<name>.yaml`; the documents it `$ref`s are not listed). */
  documents: Record<ContractName, OpenApiDocument>
  /**
   * The response spec that applies to `status` for an operation: the exact code, then `2XX`-style ranges,
   * then `default`; `undefined` when the contract allows no such status.
   */
  responseFor(operation: Operation, status: number): ResponseSpec | undefined
  /**
   * A validator for the schema at a JSON pointer inside a contract's document, e.g.
   * `schemaValidator('directory', '/components/schemas/WalletsPage')`.
   *
   * @throws Error (Ajv's) when the pointer does not lead to a schema.
   */
  schemaValidator(contract: ContractName, pointer: string): ValidateFunction
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>
  components?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

type ParameterObject = { name: string; in: string; required?: boolean; schema?: unknown; $ref?: string }
type OperationObject = {
  operationId?: string
  parameters?: ParameterObject[]
  requestBody?: { required?: boolean; content?: Record<string, unknown>; $ref?: string }
  responses?: Record<string, { content?: Record<string, unknown>; $ref?: string }>
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/** The folder holding the YAML contracts. */
export const openapiFolder = fileURLToPath(new URL('../../openapi/', import.meta.url))

let cached: Contracts | undefined

/**
 * Loads `openapi/{blockchain,directory,analytics,siwx,exchange}.yaml`, with the documents they `$ref`, and compiles every
 * operation's validators. Memoised: the contracts are files, read once per process.
 *
 * @returns the operations with validators, see {@link Contracts}.
 * @throws ContractLoadError when a document is missing or not valid YAML, a `$ref` leads nowhere, or an
 *   `operationId` is missing; Ajv's error when a schema does not compile (strict mode: an unknown keyword or
 *   format fails loudly).
 */
export function loadContracts(): Contracts {
  cached ??= compileContracts()
  return cached
}

/** A document's `$id`: its path under `openapi/` on a made-up origin, so that Ajv resolves relative `$ref`s as files do. */
function schemaId(file: string): string {
  return `https://latchkey.invalid/openapi/${file}`
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

function pointerRef(file: string, pointer: string): { $ref: string } {
  return { $ref: `${schemaId(file)}#${pointer}` }
}

function newAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, coerceTypes })
  addFormats(ajv)
  // OpenAPI's `format: binary` marks a raw body; nothing to check in JSON.
  ajv.addFormat('binary', true)
  // The document's own keys and OpenAPI's schema annotations are not JSON Schema keywords: declare them so that
  // strict mode accepts the documents (Ajv only follows $ref pointers into them).
  ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'tags', 'webhooks', 'security', 'jsonSchemaDialect', 'externalDocs', 'example', 'discriminator', 'xml'])
  return ajv
}

/** Parsed documents by their path under `openapi/` (`blockchain.yaml`, `blockchain/swap.yaml`). */
type Documents = Map<string, OpenApiDocument>

/** Reads `file` and, depth first, every document its `$ref`s name (relative to `file`'s folder). */
function readDocument(file: string, documents: Documents): OpenApiDocument {
  const known = documents.get(file)
  if (known) return known
  let document: OpenApiDocument
  try {
    document = parse(readFileSync(`${openapiFolder}${file}`, 'utf8')) as OpenApiDocument
  } catch (cause) {
    throw new ContractLoadError(`The contract document openapi/${file} cannot be read`, { cause })
  }
  documents.set(file, document)
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item)
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) readDocument(refFile(file, value), documents)
        else visit(value)
      }
    }
  }
  visit(document)
  return document
}

/** The document a `$ref` written in `from` names (`common.yaml#/…` in `blockchain/swap.yaml` → `blockchain/common.yaml`). */
function refFile(from: string, ref: string): string {
  const path = ref.split('#')[0] ?? ''
  return path ? posix.normalize(posix.join(posix.dirname(from), path)) : from
}

/** Where a value sits: its document and the JSON pointer inside it. */
type Location = { file: string; pointer: string }

/**
 * Follows `$ref`s (across documents) from the value found at `at` until a value without one; returns it with its
 * own location, which is where a validator's `$ref` must point.
 */
function resolve<T>(documents: Documents, at: Location, value: T & { $ref?: string }): { value: T } & Location {
  let location = at
  let node: unknown = value
  for (let hops = 0; node && typeof (node as { $ref?: unknown }).$ref === 'string'; hops += 1) {
    const ref = (node as { $ref: string }).$ref
    if (hops > 16) throw new ContractLoadError(`The $ref ${ref} in openapi/${location.file} goes round in circles`)
    const file = refFile(location.file, ref)
    const pointer = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : ''
    node = documents.get(file)
    for (const raw of pointer.split('/').slice(1)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      node = (node as Record<string, unknown> | undefined)?.[key]
    }
    if (node === undefined) throw new ContractLoadError(`The $ref ${ref} in openapi/${location.file} leads nowhere`)
    location = { file, pointer }
  }
  return { value: node as T, ...location }
}

function compileContracts(): Contracts {
  const plain = newAjv(false)
  const coercing = newAjv(true)
  const documents = {} as Record<ContractName, OpenApiDocument>
  const files: Documents = new Map()
  for (const { name } of contractMounts) documents[name] = readDocument(`${name}.yaml`, files)
  for (const [file, document] of files) {
    plain.addSchema({ ...document, $id: schemaId(file) })
    coercing.addSchema({ ...document, $id: schemaId(file) })
  }

  const operations: Operation[] = []
  for (const { name: contract, prefix } of contractMounts) {
    const document = documents[contract]
    for (const [path, declaredPathItem] of Object.entries(document.paths ?? {})) {
      // A path item may live in another document (`$ref: 'blockchain/swap.yaml#/paths/…'`): its pointers are that document's.
      const { value: pathItem, file, pointer: pathPointer } = resolve(files, { file: `${contract}.yaml`, pointer: `/paths/${escapePointer(path)}` }, declaredPathItem)
      const shared = (pathItem.parameters as ParameterObject[] | undefined) ?? []
      for (const method of httpMethods) {
        const operation = pathItem[method] as OperationObject | undefined
        if (!operation) continue
        const operationPointer = `${pathPointer}/${method}`
        if (!operation.operationId) throw new ContractLoadError(`${contract}: ${method.toUpperCase()} ${path} has no operationId`)

        const query: Record<string, { $ref: string }> = {}
        const pathProps: Record<string, { $ref: string }> = {}
        const queryRequired: string[] = []
        const pathRequired: string[] = []
        const requiredCommonQuery: string[] = []
        const declared = [...shared.map((p, i) => ({ p, pointer: `${pathPointer}/parameters/${i}` })), ...(operation.parameters ?? []).map((p, i) => ({ p, pointer: `${operationPointer}/parameters/${i}` }))]
        for (const { p, pointer: declaredAt } of declared) {
          const parameter = resolve(files, { file, pointer: declaredAt }, p)
          const schemaRef = pointerRef(parameter.file, `${parameter.pointer}/schema`)
          const { name, in: location, required } = parameter.value
          if (location === 'query') {
            query[name] = schemaRef
            if (required) queryRequired.push(name)
            if ((commonRequiredQuery as readonly string[]).includes(name)) requiredCommonQuery.push(name)
          } else if (location === 'path') {
            pathProps[name] = schemaRef
            pathRequired.push(name)
          }
        }

        const pathParamNames: string[] = []
        const source = path
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const match = /^\{([^}]+)\}$/.exec(part)
            if (match?.[1]) {
              pathParamNames.push(match[1])
              return '([^/]+)'
            }
            return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          })
          .join('')
        const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${source}/?$`)

        let validateBody: ValidateFunction | undefined
        let bodyRequired = false
        if (operation.requestBody) {
          const body = resolve(files, { file, pointer: `${operationPointer}/requestBody` }, operation.requestBody)
          bodyRequired = body.value.required === true
          if (body.value.content?.['application/json']) {
            validateBody = plain.compile(pointerRef(body.file, `${body.pointer}/content/application~1json/schema`))
          }
        }

        const responses = new Map<string, ResponseSpec>()
        for (const [status, declaredResponse] of Object.entries(operation.responses ?? {})) {
          const response = resolve(files, { file, pointer: `${operationPointer}/responses/${status}` }, declaredResponse)
          const contentTypes = Object.keys(response.value.content ?? {})
          const spec: ResponseSpec = { contentTypes }
          if (response.value.content?.['application/json']) {
            spec.validateJson = plain.compile(pointerRef(response.file, `${response.pointer}/content/application~1json/schema`))
          }
          responses.set(status, spec)
        }

        operations.push({
          contract,
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          mountedPath: `${prefix}${path}`,
          pattern,
          pathParamNames,
          requiredCommonQuery,
          validateQuery: coercing.compile({ type: 'object', properties: query, required: queryRequired }),
          validatePath: plain.compile({ type: 'object', properties: pathProps, required: pathRequired }),
          ...(validateBody ? { validateBody } : {}),
          bodyRequired,
          responses,
        })
      }
    }
  }

  const validators = new Map<string, ValidateFunction>()
  return {
    operations,
    documents,
    responseFor(operation, status) {
      return operation.responses.get(String(status)) ?? operation.responses.get(`${String(status)[0]}XX`) ?? operation.responses.get('default')
    },
    schemaValidator(contract, pointer) {
      const key = `${contract}#${pointer}`
      let validate = validators.get(key)
      if (!validate) {
        validate = plain.compile(pointerRef(`${contract}.yaml`, pointer))
        validators.set(key, validate)
      }
      return validate
    },
  }
}

/**
 * Ajv errors as one readable line, each located in the request or response (`query parameter 'st' is
 * required`, `body/props must have required property 'event'`).
 *
 * @param where `'query'`, `'path'`, `'body'` or `'response'`.
 * @param errors Ajv's `validate.errors`.
 * @returns the issues joined with `; ` (at most 8 listed).
 */
export function describeErrors(where: 'query' | 'path' | 'body' | 'response', errors: readonly ErrorObject[] | null | undefined): string {
  const lines = (errors ?? []).slice(0, 8).map((error) => {
    if (where === 'query' || where === 'path') {
      if (error.keyword === 'required') return `${where} parameter '${String(error.params.missingProperty)}' is required`
      const name = error.instancePath.split('/')[1] ?? ''
      const rest = error.instancePath.split('/').slice(2).join('/')
      return `${where} parameter '${name}'${rest ? `/${rest}` : ''} ${error.message ?? 'is invalid'}${allowed(error)}`
    }
    return `${where}${error.instancePath} ${error.message ?? 'is invalid'}${allowed(error)}`
  })
  return lines.join('; ') || `${where} is invalid`
}

function allowed(error: ErrorObject): string {
  if (error.keyword === 'enum') return ` (${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
  if (error.keyword === 'const') return ` (${JSON.stringify(error.params.allowedValue)})`
  return ''
}
