import AtriumServices
import Foundation

/// The `atrium` executable built next to the test bundle, for tests that run it as a process.
public enum AtriumBinary {
  public struct Missing: Error, CustomStringConvertible {
    public let near: String
    public var description: String { "no atrium binary near \(near); run swift build first" }
  }

  public static func url() throws -> URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = folder.appendingPathComponent("atrium")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    throw Missing(near: testBinary.path)
  }
}
