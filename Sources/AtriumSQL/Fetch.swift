/// A query and how its rows become a value: what a store hands out so that a caller can run
/// several together (`fetchTogether`) while the store keeps its SQL and its decoding.
public struct Fetch<Value> {
  public let sql: String
  public let arguments: [DatabaseValue]
  public let decode: ([DatabaseRow]) throws -> Value

  public init(_ sql: String, _ arguments: DatabaseValue..., decode: @escaping ([DatabaseRow]) throws -> Value) {
    self.sql = sql
    self.arguments = arguments
    self.decode = decode
  }
}

extension DatabaseConnection {
  /// Runs one fetch.
  public func fetch<Value>(_ fetch: Fetch<Value>) throws -> Value {
    try fetch.decode(query(fetch.sql, fetch.arguments))
  }

  /// Runs fetches that do not depend on each other, in one round trip on a server engine
  /// (see `queries`), and returns their values in order.
  public func fetchTogether<each Value>(_ fetches: repeat Fetch<each Value>) throws -> (repeat each Value) {
    var statements: [(sql: String, arguments: [DatabaseValue])] = []
    for fetch in repeat each fetches { statements.append((fetch.sql, fetch.arguments)) }
    let results = try queries(statements)
    var index = 0
    func decode<V>(_ fetch: Fetch<V>) throws -> V {
      defer { index += 1 }
      return try fetch.decode(results[index])
    }
    return (repeat try decode(each fetches))
  }
}
