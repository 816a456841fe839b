import AtriumHTTP
import Foundation

/// The stylesheet, read once from the bundle and served under a name that carries a hash of
/// its content, so browsers may keep it for good and a new version has a new name.
enum WebAssets {
  static let stylesheet: [UInt8] = {
    guard let url = Bundle.module.url(forResource: "atrium", withExtension: "css", subdirectory: "web"),
      let data = try? Data(contentsOf: url)
    else { return [] }
    return Array(data)
  }()

  static let stylesheetName = "atrium-\(Crypto.hex(Crypto.sha256(stylesheet)).prefix(12)).css"

  static var stylesheetResponse: HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: HTTPHeaders([
        ("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "public, max-age=31536000, immutable"),
        ("X-Content-Type-Options", "nosniff"),
      ]), body: stylesheet)
  }
}
