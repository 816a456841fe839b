import AtriumDomain
import Foundation
import Testing

@testable import AtriumServer

/// The nulls and control characters `JSONSyntax` finds in its one pass, against what
/// Foundation's parser read of the same bodies (the scan that pass replaced).
@Suite struct JSONSyntaxScanTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomBodiesFindWhatFoundationFinds(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var checked = 0
    for _ in 0..<2_000 {
      let body = Array(Self.value(depth: 0, using: &random).utf8)
      let report = JSONSyntax.check(body)
      guard report.error == nil, let expected = Self.foundationScan(body) else { continue }
      checked += 1
      #expect(Set(report.nulls) == expected.nulls, "nulls of \(String(decoding: body, as: UTF8.self))")
      #expect(
        Set(report.controlCharacters) == expected.controls,
        "control characters of \(String(decoding: body, as: UTF8.self))")
    }
    #expect(checked > 1_500, "most random bodies are JSON both parsers read")
  }

  @Test func namedCases() {
    let cases: [(String, nulls: Set<String>, controls: Set<String>)] = [
      ("null", ["body"], []),
      (#"{"a": null, "b": [1, null, {"c": null}]}"#, ["a", "b[1]", "b[2].c"], []),
      (
        #"{"bio": "bell\u0007", "tab": "one\ttwo\r\n", "del": "\u007f", "c1": "\u0085", "ff": "\f"}"#, [],
        ["bio", "del", "c1", "ff"]
      ),
      ("{\"raw\": \"a\u{7F}b\", \"latin\": \"\u{E9}\u{C0}\", \"next\": \"\u{85}\"}", [], ["raw", "next"]),
      (#"{"key\u0007": "fine", "list": ["\b"]}"#, [], ["list[0]"]),
    ]
    for (body, nulls, controls) in cases {
      let report = JSONSyntax.check(Array(body.utf8))
      #expect(report.error == nil, "\(body)")
      #expect(Set(report.nulls) == nulls, "\(body)")
      #expect(Set(report.controlCharacters) == controls, "\(body)")
    }
  }

  /// A random JSON value: objects with distinct keys, arrays, strings with every kind of
  /// escape and some raw control-like characters, numbers, literals.
  private static func value(depth: Int, using random: inout SeededRandom) -> String {
    switch Int.random(in: 0..<(depth < 3 ? 8 : 5), using: &random) {
    case 0: return "null"
    case 1: return ["true", "false", "0", "-12.5e3", "7"].randomElement(using: &random)!
    case 2, 3, 4: return string(using: &random)
    case 5, 6:
      let keys = Set(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in "k\(Int.random(in: 0..<9, using: &random))" })
      let fields = keys.sorted().map { "\"\($0)\": \(value(depth: depth + 1, using: &random))" }
      return "{" + fields.joined(separator: ", ") + "}"
    default:
      let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, using: &random) }
      return "[" + items.joined(separator: ",") + "]"
    }
  }

  private static func string(using random: inout SeededRandom) -> String {
    let pieces = [
      "a", "é", "日本", "\\n", "\\t", "\\r", "\\b", "\\f", "\\/", "\\\\", "\\\"", "\\u0000", "\\u0007", "\\u001f",
      "\\u0020", "\\u007f", "\\u0080", "\\u009F", "\\u00a0", "\\u00e9", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
      "\u{C2}\u{A9}",
    ]
    return "\""
      + (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      + "\""
  }

  /// The scan `JSONCoding` made with Foundation's parser: the paths of nulls, and of texts
  /// with control characters; nil when Foundation does not read the body.
  private static func foundationScan(_ body: [UInt8]) -> (nulls: Set<String>, controls: Set<String>)? {
    guard let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) else {
      return nil
    }
    var nulls: Set<String> = []
    var controls: Set<String> = []
    func visit(_ value: Any, _ path: String) {
      let name = path.isEmpty ? "body" : path
      if value is NSNull {
        nulls.insert(name)
      } else if let text = value as? String {
        if TextRules.hasControlCharacters(text) { controls.insert(name) }
      } else if let object = value as? [String: Any] {
        for (key, field) in object { visit(field, path.isEmpty ? key : path + "." + key) }
      } else if let array = value as? [Any] {
        for (index, item) in array.enumerated() { visit(item, path + "[\(index)]") }
      }
    }
    visit(value, "")
    return (nulls, controls)
  }
}
