import AtriumHTTPTypes
import AtriumMessages
import AtriumServices

extension AtriumApp {
  /// The language an API answer is worded in: the person's choice in Settings, else the
  /// request's `Accept-Language`, else English (the same rule as the web app's).
  func readerLanguage(_ request: HTTPRequest, _ principal: Principal?) -> Language {
    settings.readerLanguage(
      employeeID: principal?.employee.id, acceptLanguage: request.headers["Accept-Language"])
  }
}
