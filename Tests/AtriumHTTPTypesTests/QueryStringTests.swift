import AtriumHTTPTypes
import Testing

/// The query parser splits bytes; these check it against the rules it replaced (split by
/// Characters at `&` and at a pair's first `=`), on queries made of the pieces that matter.
@Suite struct QueryStringTests {
  @Test func randomQueries_parseAsTheCharacterSplitDid() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "a", "limit", "query", "=", "=", "&", "&", "&&", "+", "%20", "%C3%A9", "%zz", "%e", "%ff", "José", "名前", "😀",
      "x=y", "", "%26", "%3D",
    ]
    for _ in 0..<2_000 {
      let query = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let parsed = QueryString.parsed(query)
      #expect(parsed.parameters == Self.characterParse(query), "\(query)")
      #expect(parsed.malformedParameter == Self.characterMalformed(query), "\(query)")
      #expect(QueryString.parse(query) == parsed.parameters)
      #expect(QueryString.malformedParameter(in: query) == parsed.malformedParameter)
    }
  }

  @Test func aPairsFirstEqualsSignSplitsIt_andEncodedMarksStayInTheValue() {
    let parsed = QueryString.parsed("a=b=c&q=%26%3D&empty&&=x&bad=%zz&a=again")
    #expect(parsed.parameters == ["a": "b=c", "q": "&=", "empty": ""])
    #expect(parsed.malformedParameter == "bad")
  }

  private static func characterParse(_ query: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true), !name.isEmpty else { continue }
      let value = parts.count > 1 ? PercentEncoding.decode(parts[1], plusIsSpace: true) : ""
      if let value, result[name] == nil { result[name] = value }
    }
    return result
  }

  private static func characterMalformed(_ query: String) -> String? {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = PercentEncoding.decode(parts[0], plusIsSpace: true)
      let valueDecodes = parts.count < 2 || PercentEncoding.decode(parts[1], plusIsSpace: true) != nil
      if name == nil || !valueDecodes { return String((name ?? String(parts[0])).prefix(100)) }
    }
    return nil
  }
}
