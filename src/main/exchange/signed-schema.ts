// The app signs actions encoded with the schema bundled in it, never with what an exchange serves: otherwise
// a server could renumber a field (say Withdraw's amount and destination) and have the app sign bytes that
// mean something else to it. The served /schema.proto is still read, and compared with the bundled one for
// every message the app signs (Action and everything it reaches): any difference is refused in plain words.
import type protobuf from 'protobufjs';

type Reflected = protobuf.Type | protobuf.Enum;

const isType = (r: protobuf.ReflectionObject | null): r is protobuf.Type => r !== null && 'fieldsArray' in r;
const isEnum = (r: protobuf.ReflectionObject | null): r is protobuf.Enum =>
  r !== null && 'values' in r && !('fieldsArray' in r);

/** '.perpetua.v1.Action.Withdraw' -> 'Action.Withdraw': the package is not on the wire, the rest is compared */
const relativeTo =
  (prefix: string) =>
  (fullName: string): string =>
    fullName.startsWith(`${prefix}.`) ? fullName.slice(prefix.length + 1) : fullName;

function describe(f: protobuf.Field, relative: (fullName: string) => string): string {
  return [
    f.name,
    f.repeated ? 'repeated' : '',
    f.map ? `map<${(f as unknown as protobuf.MapField).keyType}>` : '',
    f.resolvedType ? relative(f.resolvedType.fullName) : f.type,
    f.partOf ? `in ${f.partOf.name}` : '',
    f.repeated && f.packed ? 'packed' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The first difference between the bundled and the served schema in what the app signs, or null. */
export function signedSchemaDifference(
  bundledAction: protobuf.Type,
  servedAction: protobuf.Type,
): string | null {
  const ourName = relativeTo(bundledAction.parent!.fullName);
  const theirPrefix = servedAction.parent!.fullName;
  const theirName = relativeTo(theirPrefix);
  const shortName = (r: protobuf.ReflectionObject): string => ourName(r.fullName);
  const seen = new Set<string>();
  const lookup = (fullName: string): protobuf.ReflectionObject | null => {
    try {
      return servedAction.root.lookup(`${theirPrefix}.${ourName(fullName)}`);
    } catch {
      return null;
    }
  };

  const compare = (ours: Reflected): string | null => {
    if (seen.has(ours.fullName)) return null;
    seen.add(ours.fullName);
    const theirs = lookup(ours.fullName);
    if (isEnum(ours)) {
      if (!isEnum(theirs)) return `it has no enum ${shortName(ours)}`;
      for (const [name, id] of Object.entries(ours.values))
        if (theirs.values[name] !== id) return `${shortName(ours)}.${name} is not ${id} there`;
      return null;
    }
    if (!isType(theirs)) return `it has no message ${shortName(ours)}`;
    for (const field of ours.fieldsArray) {
      const other = theirs.fieldsById[field.id];
      if (!other) return `its ${shortName(ours)} has no field ${field.id} (${field.name})`;
      const servedField = describe(other, theirName);
      const bundledField = describe(field, ourName);
      if (servedField !== bundledField)
        return `its ${shortName(ours)} field ${field.id} is "${servedField}", not "${bundledField}"`;
      if (field.resolvedType) {
        const nested = compare(field.resolvedType as Reflected);
        if (nested) return nested;
      }
    }
    for (const other of theirs.fieldsArray) {
      if (ours.fieldsById[other.id]) continue;
      // A kind of action this version does not know is never sent by it; any other extra field would be
      // read from what the app signs as its default, which could mean something the person did not see.
      if (ours === bundledAction && other.partOf?.name === 'kind') continue;
      return `its ${shortName(ours)} has a field ${other.id} (${other.name}) this version does not know`;
    }
    return null;
  };
  return compare(bundledAction);
}
