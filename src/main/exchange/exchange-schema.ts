// The exchange's own /schema.proto, parsed and checked for everything the app signs and decodes. A schema
// that lacks something is the exchange's fault, not the person's: it is said in plain words, once, at connect
// (and when a custom address is chosen) rather than as an internal error in the middle of a withdrawal.
import { ProtocolError } from '../../protocol/errors';
import { loadSchema, type ProtocolSchema } from '../../protocol/schema';
import { AppFailure } from '../../shared/result';

export function loadExchangeSchema(protoText: string, baseUrl: string): ProtocolSchema {
  try {
    return loadSchema(protoText);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `The exchange at ${baseUrl} speaks an action format Perpetua cannot sign for: ${error.message}.`,
    );
  }
}
