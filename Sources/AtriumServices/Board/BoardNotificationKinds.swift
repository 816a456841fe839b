import AtriumDomain
import AtriumMessages
import AtriumStore

extension RegisteredNotificationKind {
  /// A notice an admin posted to the company, a department or a location. Its digest part is
  /// the notices meant for the person that were posted since their last digest; mailed at once,
  /// it fans out from one outbox row (`CompanyNoticeFanOut`).
  public static let companyNotices = RegisteredNotificationKind(
    .companyNotices, name: { PageText.companyNotices.text(in: $0) },
    collapsed: { (DigestText.newCompanyNotices($0).text(in: $1), "/board") },
    digest: { request in
      let person = request.person
      let titles = try BoardStore(request.connection).companyNoticeTitles(
        for: BoardStore.Reader(employeeID: person.id, departmentID: person.departmentID, locationID: person.locationID),
        postedAfter: request.since, now: request.environment.now().milliseconds)
      guard !titles.isEmpty else { return nil }
      let shown = titles.prefix(digestLines)
      return DigestSection(
        heading: DigestText.newCompanyNotices(titles.count).text(in: request.language),
        lines: Array(shown)
          + (titles.count > shown.count
            ? [DigestText.andMore(titles.count - shown.count).text(in: request.language)] : []),
        path: "/board")
    }, fanOut: CompanyNoticeFanOut.fanOut)
}
