// The exchange's own /schema.proto, parsed and checked: it must have everything the app signs and decodes,
// and describe every message the app signs exactly as the schema bundled in the app does (signed-schema.ts).
// What comes back is always the bundled schema: the exchange cannot change what is signed. A schema that does
// not fit is the exchange's fault, not the person's: it is said in plain words, once, at connect (and when a
// custom address is chosen) rather than as an internal error in the middle of a withdrawal.
import { ProtocolError } from '../../protocol/errors';
import { loadSchema, readBundledProto, type ProtocolSchema } from '../../protocol/schema';
import { AppFailure } from '../../shared/result';
import { signedSchemaDifference } from './signed-schema';

let bundled: ProtocolSchema | null = null;

/** The schema this version of the app was built with: the only one it encodes and decodes with. */
export function bundledSchema(): ProtocolSchema {
  bundled ??= loadSchema(readBundledProto());
  return bundled;
}

export function loadExchangeSchema(protoText: string, baseUrl: string): ProtocolSchema {
  let served: ProtocolSchema;
  try {
    served = loadSchema(protoText);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `The exchange at ${baseUrl} speaks an action format Perpetua cannot sign for: ${error.message}.`,
    );
  }
  const ours = bundledSchema();
  const difference = signedSchemaDifference(ours.action, served.action);
  if (difference)
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `The exchange at ${baseUrl} describes the actions Perpetua signs differently from this version of Perpetua (${difference}). Perpetua will not sign for it: use an exchange that matches this version.`,
    );
  return ours;
}
