import type { Translation } from '../translation';

/** Chinese strings of the API documentation (/api-documentation). */
export const apiDocs: Translation<'zh'>['apiDocs'] = {
  signingTitle: '请求签名',
  intro:
    '您的后端通过 <url>{{baseUrl}}</url> 以 JSON 正文调用商户 API。每个请求都要用您的 API 密钥的密钥值（商户设置）签名；下方的参考列出了每个操作、字段和错误。',
  headersTitle: '每个请求的请求头',
  headerKey: '您的 API 密钥 ID。',
  headerTimestamp: '当前时间（Unix 秒）；与服务器时钟相差超过 5 分钟即被拒绝。',
  headerSignature: '以您的 API 密钥值为密钥，对签名字符串计算的十六进制 HMAC-SHA256。',
  headerIdempotency:
    '仅用于写操作（POST）：每笔代收或代付唯一。使用相同密钥和相同正文重试会返回第一次的响应；相同密钥配不同正文返回 409。',
  signedTitle: '签名字符串',
  signedIntro: '按以下顺序用换行符（\\n）连接这六部分，末尾不加换行符：',
  partVersion: '字母 <code>v2</code>，即此字符串的版本。',
  partTimestamp: 'X-Timestamp 请求头，与发送的完全一致。',
  partMethod: '大写的 HTTP 方法（GET、POST）。',
  partPath:
    '发送时的完整路径，包含 <code>/api/v1</code>，如有查询字符串也一并包含：是 <code>/api/v1/payins</code>，而不是 <code>/payins</code>。',
  partIdempotency: 'Idempotency-Key 请求头，与发送的完全一致；请求没有该请求头时（GET）为空。',
  partBody: '您发送的原始正文（对发送的文本签名，而不是重新序列化的对象）；GET 请求为空。',
  refused:
    '缺少请求头、未知密钥、时间戳过期、签名错误或同一签名请求再次发送时返回 401，原因见 error.code：每个请求（包括重试）都要重新签名。',
  examplesTitle: '示例',
  examplesHint:
    '每个示例都会创建一笔代收，然后再读取它。运行前请在环境变量中设置 API_BASE_URL、API_KEY_ID 和 API_SECRET。',
  copy: '复制',
  copied: '已复制',
  copyRefused: '浏览器拒绝复制：请手动选择文本。',
  referenceTitle: 'API 参考',
  downloadDocument: '下载 openapi.json',
  redoc: {
    responses: '响应',
    requestSamples: '请求示例',
    responseSamples: '响应示例',
    download: '下载',
    downloadSpecification: '下载 OpenAPI 文档',
  },
};
