import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  /// The Settings section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Settings, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let principal = visitor.principal
    switch page {
    case .show:
      return try settingsPage(context, principal: principal, request: request)
    case .save:
      let language = form["language"].flatMap { ["en", "es"].contains($0) ? $0 : nil }
      _ = try settings.update(
        SettingsChange(
          notifications: .init(
            leaveDecisions: form["leaveDecisions"] == "on", approvalsWaiting: form["approvalsWaiting"] == "on",
            companyNotices: form["companyNotices"] == "on"), language: language),
        principal: principal)
      // Said in the language just chosen, which the next page is shown in.
      let chosen = language.flatMap(Language.init(rawValue:)) ?? context.language
      return redirect(
        to: .settings(.show), saying: PageText.saved.text(in: chosen), visitor: visitor, request: request)
    case .rotateCalendar:
      _ = try calendarFeeds.rotate(for: principal, origin: request.origin)
      return HTTPResponse.seeOther(WebPage.settings(.show).href)
    case .deleteDevice(let id):
      try settings.deleteDevice(id: id, principal: principal)
      return HTTPResponse.seeOther(WebPage.settings(.show).href)
    case .resetBadge:
      _ = try board.resetBadge(principal: principal)
      return HTTPResponse.seeOther(WebPage.settings(.show).href)
    case .endSession(let id):
      // Ending the session this browser uses signs it out; the next page asks to sign in.
      try sessions.end(id: id, principal: principal)
      return HTTPResponse.seeOther(WebPage.settings(.show).href)
    }
  }
}
