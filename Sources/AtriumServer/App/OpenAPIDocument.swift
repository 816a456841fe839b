import AtriumServices
import AtriumWeb
import Foundation

/// The API contract (`openapi.yaml`), shipped as a resource of this target and served at
/// `/api/openapi.yaml`.
struct OpenAPIDocument: Sendable {
  let bytes: [UInt8]

  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "openapi.yaml is missing: keep the Atrium_AtriumServer.resources folder next to the atrium binary"
    }
  }

  /// Reads the document once, at start-up, so a broken install fails loudly then and not on a
  /// request.
  static func load() throws -> OpenAPIDocument {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
      let data = try? Data(contentsOf: url)
    else { throw Missing() }
    return OpenAPIDocument(bytes: Array(data))
  }
}
