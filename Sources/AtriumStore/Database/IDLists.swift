import AtriumSQL

/// Ids asked for with `IN (…)`, a statement for each 500 of them: a statement's arguments stay
/// far below either engine's limit.
enum IDLists {
  /// The ids 500 at a time, each with its placeholders (`?, ?, …`) and its arguments.
  static func chunks(of ids: [String]) -> [(marks: String, arguments: [DatabaseValue])] {
    stride(from: 0, to: ids.count, by: 500).map { start in
      let chunk = ids[start..<min(start + 500, ids.count)]
      return (Array(repeating: "?", count: chunk.count).joined(separator: ", "), chunk.map { .text($0) })
    }
  }
}
