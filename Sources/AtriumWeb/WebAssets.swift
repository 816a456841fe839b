import AtriumCrypto
import AtriumHTTPTypes
import AtriumServices
import Foundation

/// The stylesheet and the script, read once from the bundle and served under names that
/// carry a hash of their content, so browsers may keep them for good and a new version has a
/// new name.
package enum WebAssets {
  package static let stylesheet = load("atrium", "css")
  package static let script = load("atrium", "js")
  package static let stylesheetName = "atrium-\(Crypto.hex(Crypto.sha256(stylesheet)).prefix(12)).css"
  package static let scriptName = "atrium-\(Crypto.hex(Crypto.sha256(script)).prefix(12)).js"

  package static var stylesheetResponse: HTTPResponse { response(stylesheet, type: "text/css; charset=utf-8") }
  package static var scriptResponse: HTTPResponse { response(script, type: "text/javascript; charset=utf-8") }
  package static let serviceWorker = load("sw", "js")

  /// `/sw.js`, whose scope is the whole site. Browsers check it for a new version at most a day
  /// apart whatever it says; `no-cache` makes each check ask the server. It gets the policy of
  /// everything that is not a page (`SecurityHeaders`): it loads nothing and only shows
  /// notifications and opens windows.
  package static var serviceWorkerResponse: HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: HTTPHeaders([
        ("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache"),
        ("X-Content-Type-Options", "nosniff"),
      ]), body: serviceWorker)
  }

  private static func load(_ name: String, _ type: String) -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "web"),
      let data = try? Data(contentsOf: url)
    else { return [] }
    return Array(data)
  }

  private static func response(_ body: [UInt8], type: String) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: HTTPHeaders([
        ("Content-Type", type), ("Cache-Control", "public, max-age=31536000, immutable"),
        ("X-Content-Type-Options", "nosniff"),
      ]), body: body)
  }
}
