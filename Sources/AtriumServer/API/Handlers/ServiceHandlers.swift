import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// `/healthz` and the contract: anonymous.
  func handle(_ route: Route.Service) throws -> HTTPResponse {
    switch route {
    case .health:
      return try JSONCoding.response(Health())
    case .openAPI:
      return HTTPResponse(
        status: 200,
        headers: HTTPHeaders([("Content-Type", "application/yaml"), ("Cache-Control", "public, max-age=300")]),
        body: contract.bytes)
    }
  }
}
