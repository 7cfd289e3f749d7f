// Loads the exchange schema from proto text (the server's /schema.proto, or the bundled proto/ file for the
// devnet) and checks that every message the app relies on is there, so a mismatched server fails at connect
// with a clear message rather than mid-withdrawal.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { ProtocolError } from './errors';

export const PROTO_PACKAGE = 'perpetua.v1';

// protobufjs's decoder names a oneof's member after reading it (`message.kind = 'transfer'`), and the setter it
// installs for that deletes every other member of the oneof, present or not: 26 `delete`s (each a runtime
// call) for every Action decoded, which showed in POST /action's profile. This setter deletes only the members
// the message has as its own properties: the same message afterwards (deleting a property the object does
// not own does nothing). It must be in place before any message type is set up, so it is set here, where
// every schema is loaded.
protobuf.util.oneOfSetter = function setOneOf(fieldNames: string[]) {
  return function (this: Record<string, unknown>, name: string | undefined): void {
    for (const other of fieldNames) if (other !== name && Object.hasOwn(this, other)) delete this[other];
  };
};

const REQUIRED_TYPES = [
  'Action',
  'Receipt',
  'U128',
  'QuoteSize',
  'TriggerKey',
  'Action.TriggerPrices',
  'AtomicSubactionKind',
  'Receipt.AtomicResult',
] as const;
const REQUIRED_ENUMS = [
  'Error',
  'Side',
  'FillMode',
  'TriggerKind',
  'SpecialAccount',
  'SignatureFraming',
  'VaultWithdrawKind',
] as const;

/** Every action kind the app signs and every receipt kind it decodes (src/protocol/types.ts). */
const ACTION_KINDS = [
  'createSession',
  'placeOrder',
  'cancelOrderById',
  'withdraw',
  'revokeSession',
  'transfer',
  'addTrigger',
  'removeTrigger',
  'atomic',
  'refreshSession',
  'selfRevoke',
  'editTrigger',
  'vaultDeposit',
  'vaultWithdrawRequest',
  'vaultWithdrawClaim',
  'vaultSyncEpochs',
] as const;
const RECEIPT_KINDS = [
  'err',
  'createSessionResult',
  'placeOrderResult',
  'cancelOrderResult',
  'withdrawResult',
  'sessionRevoked',
  'transferred',
  'triggerAdded',
  'triggerRemoved',
  'atomic',
  'sessionRefreshed',
  'selfRevoked',
  'triggerEdited',
  'vaultDeposited',
  'vaultWithdrawRequested',
  'vaultClaimed',
  'vaultEpochsSynced',
] as const;

export interface ProtocolSchema {
  root: protobuf.Root;
  action: protobuf.Type;
  receipt: protobuf.Type;
  u128: protobuf.Type;
  errorEnum: protobuf.Enum;
}

export function loadSchema(protoText: string): ProtocolSchema {
  let root: protobuf.Root;
  try {
    root = protobuf.parse(protoText, { keepCase: false }).root;
  } catch (error) {
    throw new ProtocolError(
      'SCHEMA_MISSING',
      `the exchange schema does not parse: ${(error as Error).message}`,
    );
  }
  // Package names are not on the wire: the bundled proto says perpetua.v1, the public engine's says nord. The
  // package is wherever Action is declared, so a schema under another package name is read the same way.
  const pkg = packageOfAction(root);
  const lookupType = (name: string): protobuf.Type => {
    try {
      return root.lookupType(`${pkg}.${name}`);
    } catch {
      throw new ProtocolError('SCHEMA_MISSING', `the exchange schema lacks the message ${pkg}.${name}`);
    }
  };
  const lookupEnum = (name: string): protobuf.Enum => {
    try {
      return root.lookupEnum(`${pkg}.${name}`);
    } catch {
      throw new ProtocolError('SCHEMA_MISSING', `the exchange schema lacks the enum ${pkg}.${name}`);
    }
  };
  for (const name of REQUIRED_TYPES) lookupType(name);
  for (const name of REQUIRED_ENUMS) lookupEnum(name);
  const action = lookupType('Action');
  const receipt = lookupType('Receipt');
  for (const [type, fields] of [
    [action, ['currentTimestamp', 'nonce', ...ACTION_KINDS]],
    [receipt, ['actionId', ...RECEIPT_KINDS]],
  ] as const) {
    for (const field of fields) {
      if (!type.fields[field])
        throw new ProtocolError('SCHEMA_MISSING', `the exchange schema's ${type.name} lacks ${field}`);
    }
  }
  root.resolveAll();
  return { root, action, receipt, u128: lookupType('U128'), errorEnum: lookupEnum('Error') };
}

/** The package (without the leading dot) whose namespace declares the Action message. */
function packageOfAction(root: protobuf.Root): string {
  const walk = (ns: protobuf.NamespaceBase): string | null => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Type) {
        if (child.name === 'Action') return ns.fullName.replace(/^\./, '');
      } else if (child instanceof protobuf.Namespace && !(child instanceof protobuf.Enum)) {
        const found = walk(child);
        if (found !== null) return found;
      }
    }
    return null;
  };
  const found = walk(root);
  if (found === null || found === '')
    throw new ProtocolError('SCHEMA_MISSING', 'the exchange schema has no Action message inside a package');
  return found;
}

/** Finds proto/perpetua.proto walking up from this module: works from src/ under tsx and from out/ builds. */
export function findProtoFile(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'proto', 'perpetua.proto');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new ProtocolError('SCHEMA_MISSING', 'proto/perpetua.proto was not found above the running code');
    dir = parent;
  }
}

export function readBundledProto(): string {
  return readFileSync(findProtoFile(), 'utf8');
}
