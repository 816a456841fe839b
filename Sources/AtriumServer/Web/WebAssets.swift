import AtriumCrypto
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import Foundation

/// The stylesheet and the script, read once from the bundle and served under names that
/// carry a hash of their content, so browsers may keep them for good and a new version has a
/// new name.
enum WebAssets {
  static let stylesheet = load("atrium", "css")
  static let script = load("atrium", "js")
  static let stylesheetName = "atrium-\(Crypto.hex(Crypto.sha256(stylesheet)).prefix(12)).css"
  static let scriptName = "atrium-\(Crypto.hex(Crypto.sha256(script)).prefix(12)).js"

  static var stylesheetResponse: HTTPResponse { response(stylesheet, type: "text/css; charset=utf-8") }
  static var scriptResponse: HTTPResponse { response(script, type: "text/javascript; charset=utf-8") }

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
