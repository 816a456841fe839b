import AtriumAPI
import AtriumCrypto
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumMessages
import AtriumServices
import Foundation

extension WebApp {
  func passwordPage(
    _ page: WebPage, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    let minimum = (try? company.passwordPolicy().minimumLength) ?? PasswordPolicy.standardMinimum
    func render(_ errors: [String: String], status: Int) -> HTTPResponse {
      html(
        PasswordPage.render(
          context, mustChange: visitor.principal.mustChangePassword, minimum: minimum, errors: errors),
        status: status)
    }
    guard page == .account(.changePassword) else { return render([:], status: 200) }
    // Typed twice, so a slip of the finger does not lock the person out.
    guard form["repeat"] == form["new"] else {
      return render(["repeat": context(PasswordText.repeatDiffers)], status: 400)
    }
    do {
      _ = try accounts.changePassword(
        PasswordChange(current: form["current"] ?? "", new: form["new"] ?? ""), by: visitor.principal,
        origin: sessionOrigin(of: request))
    } catch let problem as Problem {
      let problem = problem.localized(in: context.language)
      var errors: [String: String] = [:]
      // Each refusal as a sentence next to its field.
      for error in problem.errors ?? [] {
        errors[error.field] = error.rule.flatMap(PasswordText.sentence(for:)).map { context($0) } ?? error.message
      }
      if errors.isEmpty { errors["current"] = problem.detail ?? "" }
      return render(errors, status: problem.status)
    }
    let cookie = try webSessions.start(
      for: visitor.principal.employee, secure: webSessions.isSecure(request), origin: sessionOrigin(of: request))
    var response = HTTPResponse.seeOther(WebPage.home(.timeline).href)
    response.headers.add("Set-Cookie", cookie)
    return response
  }

  func editProfile(
    _ context: WebContext, principal: Principal, errors: ProfilePage.Errors = ProfilePage.Errors(), status: Int = 200
  ) throws -> HTTPResponse {
    let profile = try people.profile(id: principal.employee.id, principal: principal)
    let locations = try places.locations(PageRequest(limit: 1000)).items
    return html(ProfilePage.edit(context, profile, locations: locations, errors: errors), status: status)
  }

  func settingsPage(
    _ context: WebContext, principal: Principal, request: HTTPRequest
  ) throws -> HTTPResponse {
    let panels = try extensions.settingsPanels.map { try $0.render(principal, context, request) }
    return html(
      SettingsPage.render(
        context, try settings.settings(principal: principal, acceptLanguage: request.headers["Accept-Language"]),
        panels: panels))
  }

  func homePage(
    _ context: WebContext, principal: Principal, draft: HomeCard.Draft = HomeCard.Draft(), status: Int = 200
  ) throws -> HTTPResponse {
    let cards = extensions.homeCards.sorted { $0.urgency < $1.urgency }
    func rendered(_ area: HomeCard.Area) throws -> [Node] {
      try cards.filter { $0.area == area }.compactMap { try $0.render(principal, context, draft) }
    }
    return html(HomePage.render(context, today: try rendered(.today), feed: try rendered(.feed)), status: status)
  }
}
