package io.strata.dashboard;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.http.HttpServletRequest;
import org.apache.hadoop.security.authentication.server.AuthenticationToken;

/**
 * Keeps another site's page from making a visitor's browser run an action: an action must come from the
 * dashboard's own origin ({@code Origin}, else {@code Referer}) and carry the session's action token in the
 * {@value #HEADER} header. The token is an HMAC, under a key drawn when the dashboard starts, of the user and of
 * the expiry of their login cookie: it is given only to that authenticated user (in {@code /api/dashboard}, which
 * another origin cannot read) and ends with their login.
 */
final class CrossSiteGuard {
  static final String HEADER = "X-Strata-Action-Token";
  private final byte[] key = new byte[32];

  CrossSiteGuard() {
    new SecureRandom().nextBytes(key);
  }

  /** The action token of the request's session. */
  String token(HttpServletRequest request) {
    String session = request.getUserPrincipal() instanceof AuthenticationToken login
        ? login.getUserName() + "\n" + login.getExpires()
        : String.valueOf(request.getRemoteUser());
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(session.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
    }
  }

  /** Why the request may not run an action, or null when it may. */
  String refusal(HttpServletRequest request) {
    String source = request.getHeader("Origin");
    if (source == null || source.equals("null")) {
      source = request.getHeader("Referer");
    }
    if (source == null) {
      return "an action needs an Origin or Referer header naming this dashboard";
    }
    String expected = (request.getScheme() + "://" + request.getHeader("Host")).toLowerCase(Locale.ROOT);
    if (!expected.equals(origin(source))) {
      return "cross-site request refused: an action from " + source + " on a dashboard at " + expected;
    }
    String sent = request.getHeader(HEADER);
    if (sent == null || !MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8),
        token(request).getBytes(StandardCharsets.UTF_8))) {
      return "an action needs this session's token in the " + HEADER + " header (reload the page)";
    }
    return null;
  }

  /** {@code scheme://host[:port]} of a URL, lower case; "" when it is not one. */
  private static String origin(String url) {
    try {
      URI uri = URI.create(url.trim());
      if (uri.getScheme() == null || uri.getRawAuthority() == null) {
        return "";
      }
      return (uri.getScheme() + "://" + uri.getRawAuthority()).toLowerCase(Locale.ROOT);
    } catch (IllegalArgumentException e) {
      return "";
    }
  }
}
