import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumMessages
import AtriumServices

extension AdminPages {
  /// Importing a staff list: a dry run first by default, with a report line by line.
  package static func importPeople(
    _ context: WebContext, report: ImportReport?, csv: String, error: String? = nil
  ) -> Node {
    Layout.page(
      context(.importPeople), context,
      [
        error.map { .p([.class("error"), Attribute("role", "alert")], [.text($0)]) } ?? .empty,
        report.map { summary(context, $0) } ?? .empty,
        .form(
          [
            .method("post"), .action(WebPage.admin(.runImport).href), Attribute("enctype", "multipart/form-data"),
            .class("stack card"),
          ],
          [
            .input([.type("hidden"), .name(WebSessions.csrfField), .value(context.visitor?.csrfToken ?? "")]),
            .p([.class("muted")], [.text(context(.importHelp))]),
            .p([.class("muted"), .id("import-sign-in")], [.text(context(PasswordText.importedSignIn))]),
            .label([.for("file")], [.text(context(.csvFile))]),
            .input([.type("file"), .id("file"), .name("file"), Attribute("accept", ".csv,text/csv")]),
            .label([.for("csv")], [.text(context(.orPaste))]),
            .textarea([.id("csv"), .name("csv")], csv),
            .label(
              [.class("row")],
              [.input([.type("checkbox"), .name("dryRun"), .value("on"), .checked]), .text(context(.dryRun))]),
            .p([], [.button([.type("submit")], [.text(context(.runImport))])]),
          ]),
      ])
  }

  private static func summary(_ context: WebContext, _ report: ImportReport) -> Node {
    .section(
      [.class("card"), .id("import-report")],
      [
        .p(
          [Attribute("role", "status")],
          [
            .strong([.text(context(.importSummary(report.created, report.updated, report.unchanged, report.refused)))]),
            .text(" " + context(report.applied ? .applied : .notApplied)),
          ]),
        .ul(
          [.class("list")],
          report.lines.map { line in
            .li(
              [.class(line.errors.isEmpty ? "" : "unread")],
              [
                .text("\(context(.line)) \(line.line) · \(line.username) · \(context(.importAction(line.action)))"),
                line.errors.isEmpty
                  ? .empty
                  : .ul([], line.errors.map { .li([.class("error")], [.text("\($0.field): \($0.message)")]) }),
              ])
          }),
      ])
  }
}
