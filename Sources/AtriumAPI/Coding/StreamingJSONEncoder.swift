import AtriumDomain

/// A JSON encoder that writes straight into a byte buffer as `encode(to:)` runs.
///
/// Foundation's `JSONEncoder` builds a tree of boxed values before writing any byte; for a page
/// of 840 requests that was half of the server's time (perf, `bench/README.md`). This one keeps
/// no tree: keys come out in the order the types encode them, strings are escaped once, and
/// nothing is allocated per value but the output. It covers what Codable wire types use:
/// keyed and unkeyed containers, nested and repeated containers on one encoder (flattened
/// bodies), nested containers, optionals, strings, booleans, integers and finite doubles.
package struct StreamingJSONEncoder {
  package init() {}

  package struct InvalidValue: Error, CustomStringConvertible {
    package let description: String
  }

  package func encode(_ value: some Encodable) throws -> [UInt8] {
    let output = JSONOutput()
    try output.write(value)
    return output.bytes
  }

  /// `value` as a JSON object, written by its `JSONStreamable` conformance alone.
  ///
  /// The object is written straight into the array returned when it fits in `expectedSize`
  /// bytes; only a larger one is copied once more. Writing into a buffer of its own and then
  /// copying it made each 500 KB page of the approvals list touch another 500 KB of fresh memory,
  /// and `perf` put a tenth of that page's time in copies and page faults.
  /// - Parameter expectedSize: Bytes reserved at once: an upper bound where it can be known.
  package func encodeObject(_ value: some JSONStreamable, expectedSize: Int = 1024) throws -> [UInt8] {
    var outgrown: JSONOutput?
    let written = try [UInt8](unsafeUninitializedCapacity: max(expectedSize, 16)) { memory, count in
      let output = JSONOutput(writingInto: memory)
      try output.writeObject(value)
      if output.isWritingIntoLentMemory {
        count = output.count
      } else {
        outgrown = output
      }
    }
    return outgrown?.bytes ?? written
  }

  /// The members `write` writes, without braces: a piece of an object, kept to be copied
  /// into objects written later (`JSONObjectWriter.members`).
  package func encodeMembers(_ write: (inout JSONObjectWriter) throws -> Void) rethrows -> [UInt8] {
    let output = JSONOutput()
    try output.writeMembers(write)
    return output.bytes
  }
}

extension JSONOutput {
  /// Any `Encodable`: the common scalars at once, a `JSONStreamable` by its own members, and
  /// anything else through Codable's containers (`ValueEncoder`).
  fileprivate func write<T: Encodable>(_ value: T) throws {
    // Comparing types is cheap; a failed `as?` cast on every value was not (perf).
    if T.self == String.self {
      writeString(value as! String)
    } else if T.self == Int.self {
      writeInteger(value as! Int)
    } else if T.self == Bool.self {
      writeRaw(value as! Bool ? "true" : "false")
    } else if T.self == Double.self {
      try writeDouble(value as! Double)
    } else if let streamable = value as? any JSONStreamable {
      try writeObject(streamable)
    } else {
      let encoder = ValueEncoder(output: self)
      try value.encode(to: encoder)
      encoder.finish()
    }
  }
}

/// The encoder handed to one value's `encode(to:)`. It opens its object or array lazily and
/// closes it in `finish`, so a type may ask for its keyed container more than once.
private final class ValueEncoder: Encoder {
  package enum State { case empty, object(count: Int), array, single }

  package let output: JSONOutput
  package var state = State.empty
  /// A nested container still open: there is no call that ends one, so it is closed when
  /// this encoder writes its next member or finishes.
  package var openChild: ValueEncoder?
  package var codingPath: [any CodingKey] = []
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  package init(output: JSONOutput) {
    self.output = output
  }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .empty = state {
      output.append(UInt8(ascii: "{"))
      state = .object(count: 0)
    }
    return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
  }

  package func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .empty = state {
      output.append(UInt8(ascii: "["))
      state = .array
    }
    return UnkeyedContainer(encoder: self)
  }

  package func singleValueContainer() -> any SingleValueEncodingContainer {
    state = .single
    return SingleContainer(encoder: self)
  }

  /// A new encoder for a nested container, written in place.
  package func child() -> ValueEncoder {
    closeChild()
    let child = ValueEncoder(output: output)
    openChild = child
    return child
  }

  package func closeChild() {
    openChild?.finish()
    openChild = nil
  }

  /// Writes the separator and the key of the next member.
  package func key(_ key: String) {
    closeChild()
    guard case .object(let count) = state else { return }
    if count > 0 { output.append(UInt8(ascii: ",")) }
    state = .object(count: count + 1)
    output.writeString(key)
    output.append(UInt8(ascii: ":"))
  }

  package func finish() {
    closeChild()
    switch state {
    case .empty: output.writeRaw("{}")
    case .object: output.append(UInt8(ascii: "}"))
    case .array: output.append(UInt8(ascii: "]"))
    case .single: break
    }
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  package let encoder: ValueEncoder
  package var codingPath: [any CodingKey] { encoder.codingPath }

  package mutating func encodeNil(forKey key: Key) throws {
    encoder.key(key.stringValue)
    encoder.output.writeRaw("null")
  }

  package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    encoder.key(key.stringValue)
    try encoder.output.write(value)
  }

  package mutating func encode(_ value: String, forKey key: Key) throws {
    encoder.key(key.stringValue)
    encoder.output.writeString(value)
  }

  package mutating func encode(_ value: Int, forKey key: Key) throws {
    encoder.key(key.stringValue)
    encoder.output.writeInteger(value)
  }

  package mutating func encode(_ value: Bool, forKey key: Key) throws {
    encoder.key(key.stringValue)
    encoder.output.writeRaw(value ? "true" : "false")
  }

  package mutating func encode(_ value: Double, forKey key: Key) throws {
    encoder.key(key.stringValue)
    try encoder.output.writeDouble(value)
  }

  package mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.key(key.stringValue)
    return encoder.child().container(keyedBy: keyType)
  }

  package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.key(key.stringValue)
    return encoder.child().unkeyedContainer()
  }

  package mutating func superEncoder() -> any Encoder { encoder }
  package mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  package let encoder: ValueEncoder
  package var count = 0
  package var codingPath: [any CodingKey] { encoder.codingPath }

  private mutating func separate() {
    encoder.closeChild()
    if count > 0 { encoder.output.append(UInt8(ascii: ",")) }
    count += 1
  }

  package mutating func encodeNil() throws {
    separate()
    encoder.output.writeRaw("null")
  }

  package mutating func encode<T: Encodable>(_ value: T) throws {
    separate()
    try encoder.output.write(value)
  }

  package mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    separate()
    return encoder.child().container(keyedBy: keyType)
  }

  package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    separate()
    return encoder.child().unkeyedContainer()
  }

  package mutating func superEncoder() -> any Encoder { encoder }
}

private struct SingleContainer: SingleValueEncodingContainer {
  package let encoder: ValueEncoder
  package var codingPath: [any CodingKey] { encoder.codingPath }

  package mutating func encodeNil() throws { encoder.output.writeRaw("null") }
  package mutating func encode(_ value: String) throws { encoder.output.writeString(value) }
  package mutating func encode(_ value: Bool) throws { encoder.output.writeRaw(value ? "true" : "false") }
  package mutating func encode(_ value: Int) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: Double) throws { try encoder.output.writeDouble(value) }
  package mutating func encode(_ value: Float) throws { try encoder.output.writeDouble(Double(value)) }
  package mutating func encode(_ value: Int8) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: Int16) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: Int32) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: Int64) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: UInt) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: UInt8) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: UInt16) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: UInt32) throws { encoder.output.writeInteger(value) }
  package mutating func encode(_ value: UInt64) throws { encoder.output.writeInteger(value) }
  package mutating func encode<T: Encodable>(_ value: T) throws { try encoder.output.write(value) }
}
