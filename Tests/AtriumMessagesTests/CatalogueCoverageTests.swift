import Foundation
import Testing

/// Every problem the server can produce is worded by the catalogue: no English text is written
/// into a problem's detail or title, nor into a field's reason, outside AtriumMessages. The
/// compiler already refuses the string forms of `Problem.badRequest(...)` and
/// `Validator.require(...)`; this scan catches the initialisers that stay public for decoding.
@Suite struct CatalogueCoverageTests {
  /// The targets whose texts reach a caller of the server.
  static let serverTargets = ["AtriumAPI", "AtriumDomain", "AtriumServices", "AtriumServer", "AtriumWeb"]

  /// A literal sentence where a catalogue message belongs.
  static let forbidden: [(name: String, pattern: String)] = [
    ("a problem's detail written in place", #"detail:\s*"[^"]"#),
    ("a problem's title written in place", #"Problem\(.*title:\s*"[^"]"#),
    ("a field's reason written in place", #"FieldError\(field:[^)]*message:"#),
    ("a string problem", #"Problem\.(badRequest|unauthorized|forbidden|notFound|conflict|unprocessable)\(""#),
  ]

  static var sourcesFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  @Test func noServerTextBypassesTheCatalogue() throws {
    var scanned = 0
    for target in Self.serverTargets {
      let folder = Self.sourcesFolder.appendingPathComponent(target)
      let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      for case let file as URL in files where file.pathExtension == "swift" {
        scanned += 1
        let lines = try String(contentsOf: file, encoding: .utf8).split(
          separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          for rule in Self.forbidden where line.range(of: rule.pattern, options: .regularExpression) != nil {
            Issue.record("\(target)/\(file.lastPathComponent):\(number + 1): \(rule.name): \(line)")
          }
        }
      }
    }
    // The scan itself must have found the sources, or it proves nothing.
    #expect(scanned > 100)
  }

  /// The patterns catch what they are meant to, so a scan that finds nothing means something.
  @Test func thePatternsCatchTheFormsTheyForbid() {
    let caught = [
      #"throw Problem(status: 500, detail: "Cannot write a photo file.")"#,
      #"Problem(status: 429, .tooManyAttempts(seconds: 3), title: "Too many attempts")"#,
      #"plans[index].errors.append(FieldError(field: "manager", message: "is not a person"))"#,
      #"throw Problem.conflict("The name is taken.")"#,
    ]
    for (line, rule) in zip(caught, Self.forbidden) {
      #expect(line.range(of: rule.pattern, options: .regularExpression) != nil, "\(rule.name)")
    }
    #expect(
      #"throw Problem(status: 415, .sendJSON(got: nil))"#.range(
        of: Self.forbidden[0].pattern, options: .regularExpression) == nil)
  }
}
