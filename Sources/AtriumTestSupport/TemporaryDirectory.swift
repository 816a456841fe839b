import AtriumServices
import Foundation

/// A fresh folder under the system's temporary directory, removed when this value is released.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init(prefix: String = "atrium-test") {
    let template = NSTemporaryDirectory() + "/\(prefix)-XXXXXX"
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { fatalError("mkdtemp failed: \(String(cString: strerror(errno)))") }
    path = String(cString: made)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
