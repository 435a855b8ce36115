// Who the service says it is: the product token of its User-Agent, which robots.txt groups name (RFC 9309 §2.2.1).
export const PRODUCT_TOKEN = 'svc-capture';
export const PRODUCT_VERSION = '1.0';
