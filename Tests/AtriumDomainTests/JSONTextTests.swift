import AtriumDomain
import Foundation
import Testing

@Suite struct JSONTextTests {
  /// Characters that exercise every escape and the multi-byte paths.
  static let alphabet: [Character] =
    Array("abcXYZ09 _-/.:") + ["\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}"]
    + ["é", "ß", "€", "中", "😀", "👩🏽‍💻", "e\u{301}", "\u{2028}"]

  static func randomText(_ generator: inout some RandomNumberGenerator, maximum: Int) -> String {
    String((0..<Int.random(in: 0...maximum, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
  }

  /// The stored bytes are the ones Foundation's encoder wrote before (sorted keys, slashes
  /// unescaped), so rows written before and after the change read alike.
  @Test func aFlatObjectIsWrittenAsFoundationWritesIt() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var generator = SeededGenerator(seed: 22)
    for _ in 0..<2_000 {
      var fields: [String: String] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        let key = String(
          (0..<Int.random(in: 1...8, using: &generator)).map { _ in
            Array("abcdefgXYZ_019").randomElement(using: &generator)!
          })
        fields[key] = Self.randomText(&generator, maximum: 12)
      }
      let theirs = String(decoding: try encoder.encode(fields), as: UTF8.self)
      #expect(JSONText.object(fields) == theirs)
    }
  }

  @Test func aStringReadsBackAsItself() throws {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<2_000 {
      let text = Self.randomText(&generator, maximum: 20)
      var bytes: [UInt8] = []
      JSONText.appendString(text, to: &bytes)
      #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == text)
    }
  }
}

/// SplitMix64: the same random texts in every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct JSONTextWordTests {
  /// The eight-byte test never misses a byte that needs escaping, wherever it sits among
  /// bytes that do not (ASCII letters, and the bytes of multi-byte characters).
  @Test func aByteThatNeedsEscapingIsNeverMissed() {
    let plain: [UInt8] = Array("aZ09 ~/".utf8) + [0x7F, 0x80, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0xFF]
    let escaped: [UInt8] = [0x22, 0x5C] + Array(0..<0x20)
    var generator = SeededGenerator(seed: 3)
    for _ in 0..<20_000 {
      var word = (0..<8).map { _ in plain.randomElement(using: &generator)! }
      #expect(!JSONText.mayNeedEscaping(Self.load(word)) || word.contains { escaped.contains($0) })
      word[Int.random(in: 0..<8, using: &generator)] = escaped.randomElement(using: &generator)!
      #expect(JSONText.mayNeedEscaping(Self.load(word)), "\(word)")
    }
  }

  static func load(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
  }
}
