import AtriumTestSupport
import Foundation
import Testing

/// The harness that starts `atrium serve` for the tests that need a real process: a server that
/// does not start fails its test at once, saying why, and never leaves it waiting.
@Suite struct ServerProcessTests {
  @Test func aServerThatCannotStartFailsWithItsOwnWords() {
    let folder = TemporaryDirectory()
    let started = ContinuousClock.now
    do {
      _ = try ServerProcess(dataPath: folder.path + "/data", arguments: ["--durability", "sometimes"])
      Issue.record("the server started")
    } catch {
      #expect("\(error)".contains("--durability must be full or normal"), "\(error)")
      #expect("\(error)".contains("ended with status 2"), "\(error)")
    }
    #expect(ContinuousClock.now - started < .seconds(30), "it did not wait for its deadline")
  }
}
