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
      // An unticked box is not sent: every channel the page shows is set from the form.
      let acceptLanguage = request.headers["Accept-Language"]
      let choices = environment.notificationKinds.map(\.kind).map { kind -> (String, NotificationChoiceChangeBody) in
        func isOn(_ channel: String) -> Bool { form[SettingsPage.field(kind: kind.id, channel)] == "on" }
        return (
          kind.id,
          .channels(
            NotificationChoiceChange(
              board: isOn("board"), mail: isOn("mail"), push: isOn("push"),
              digest: kind.offersDigest ? isOn("digest") : nil))
        )
      }
      _ = try settings.update(
        SettingsChange(notifications: Dictionary(uniqueKeysWithValues: choices), language: language),
        principal: principal, acceptLanguage: acceptLanguage)
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
    case .deleteAccount:
      return try deleteAccountPage(context, principal: principal, email: "", error: nil)
    case .confirmDeleteAccount:
      return try confirmDeleteAccount(request, form: form, principal: principal, context: context)
    case .browserPushOn, .browserPushOff:
      return try browserPush(turningOn: page == .browserPushOn, form: form, principal: principal, context: context)
    case .changeEmail:
      let email = form["email"] ?? ""
      do {
        try EmailChangeService(environment: environment, auth: auth).request(
          EmailChange(email: email, password: form["password"] ?? ""), principal: principal,
          origin: clientAddress(of: request), language: context.language)
      } catch {
        let problem = formProblem(error, in: context.language)
        let message = problem.errors?.first.map { "\($0.field): \($0.message)" } ?? problem.detail ?? ""
        return redirect(to: .settings(.show), saying: message, visitor: visitor, request: request)
      }
      return redirect(
        to: .settings(.show), saying: context(.emailLinkSent(email.trimmingWhitespace.lowercased())), visitor: visitor,
        request: request)
    }
  }
}
