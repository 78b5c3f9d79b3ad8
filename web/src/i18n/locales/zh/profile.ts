import type { Translation } from '../translation';

/** Chinese (Simplified) `profile.*` strings. */
export const profile: Translation<'zh'>['profile'] = {
  details: '个人信息',
  email: '邮箱',
  username: '用户名',
  accountType: '账户类型',
  name: '姓名',
  phone: '电话',
  telegram: 'Telegram',
  telegramHint: '您的 Telegram 用户名，例如 @yourname',
  language: '语言',
  timezone: '时区',
  timezones: {
    Default: '默认（UTC）',
    Malaysia: '马来西亚（UTC+8）',
    India: '印度（UTC+5:30）',
    Vietnam: '越南（UTC+7）',
    Thailand: '泰国（UTC+7）',
    Brazil: '巴西（UTC−3）',
    Australia: '澳大利亚（UTC+10）',
  },
  memberSince: '注册时间',
  alerts: {
    title: '邮件提醒',
    text: '选择哪些提醒通过邮件发送给您。',
    kinds: {
      approvals_waiting: {
        label: '等待我审批的请求',
        hint: '最多每 15 分钟一封汇总，列出您可审批的新请求。',
      },
      gateway_health: {
        label: '通道健康',
        hint: '当健康规则对支付通道发出警报或将其停用时。',
      },
      notify_failing: {
        label: '通知失败',
        hint: '当发往您通知地址的通知失败超过一小时；每天最多一次。',
      },
      support_answered: {
        label: '支持请求已答复',
        hint: '当支持团队答复您的支持请求时。',
      },
      team_changed: {
        label: '管理员团队变动',
        hint: '当有管理员被邀请、其模块或状态变更，或团队的双重验证规则变更时。',
      },
    },
    securityAlwaysOn:
      '安全提醒始终发送，无法关闭：从新地址登录、密码更改、双重验证关闭、API 密钥创建、轮换或撤销。',
  },
};
