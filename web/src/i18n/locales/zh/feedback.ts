import type { Translation } from '../translation';

/** Chinese `feedback.*` strings. */
export const feedback: Translation<'zh'>['feedback'] = {
  field: {
    required: '此字段为必填项。',
    tooLong: '最多 {{limit}} 个字符。',
    tooShort: '至少 {{limit}} 个字符。',
    email: '请输入电子邮件地址，例如 name@example.com。',
    password: '密码需要包含{{parts}}。',
  },
  passwordParts: {
    length: '至少 {{min}} 个字符',
    lower: '一个小写字母',
    upper: '一个大写字母',
    digit: '一个数字',
    symbol: '一个符号',
  },
  listSeparator: '、',
  success: {
    dismiss: '关闭',
    resellerCreated: '已创建代理商 {{name}}。',
    merchantCreated: '已创建商户 {{name}}。',
    accountSaved: '已保存 {{name}}。',
    decision: {
      approve: '请求已批准。',
      reject: '请求已拒绝。',
      complete: '请求已标记为完成。',
      fail: '请求已标记为失败。',
    },
  },
};
