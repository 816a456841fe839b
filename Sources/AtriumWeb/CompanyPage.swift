import AtriumAPI
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices

/// The company's contact data: phone to call, website, address with a map link, social accounts.
package enum CompanyPage {
  package static func render(_ context: WebContext, _ company: CompanyBody) -> Node {
    var rows: [Node] = []
    if !company.phone.isEmpty {
      rows += [
        .dt([.text(context(.phone))]),
        .dd([], [.a([.href("tel:" + company.phone.filter { !$0.isWhitespace })], [.text(company.phone)])]),
      ]
    }
    if !company.email.isEmpty {
      rows += [
        .dt([.text(context(.email))]), .dd([], [.a([.href("mailto:" + company.email)], [.text(company.email)])]),
      ]
    }
    if !company.website.isEmpty {
      rows += [
        .dt([.text(context(.website))]),
        .dd([], [.a([.href(company.website), .rel("noopener noreferrer")], [.text(company.website)])]),
      ]
    }
    if !company.address.isEmpty {
      let map = "https://www.openstreetmap.org/search?query=" + PercentEncoding.encode(company.address)
      rows += [
        .dt([.text(context(.address))]),
        .dd(
          [],
          [
            .text(company.address), .text(" · "),
            .a([.href(map), .rel("noopener noreferrer")], [.text(context(.openMap))]),
          ]),
      ]
    }
    return Layout.page(
      company.name, context,
      [
        .dl([.class("details card")], rows),
        company.social.isEmpty
          ? .empty
          : .section(
            [.class("card")],
            [
              .h2([], [.text(context(.social))]),
              .ul(
                [],
                company.social.map {
                  .li([], [.a([.href($0.url), .rel("noopener noreferrer")], [.text("\($0.network): \($0.url)")])])
                }),
            ]),
      ])
  }
}
