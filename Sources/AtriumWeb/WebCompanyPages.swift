import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Company section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Company, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    switch page {
    case .show:
      return html(CompanyPage.render(context, try company.company()))
    }
  }
}
