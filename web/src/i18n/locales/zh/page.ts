import type { Translation } from '../../translation';

/** Chinese (Simplified) `page.*` strings. */
export const page: Translation['page'] = {
  notBuiltTitle: '尚未开放',
  notBuiltText: '此页面将在后续版本中提供，其菜单入口和访问规则已就绪。',
  starterText: '用于创建新页面的空白页。',
  notFoundText: '您访问的页面不存在或已被移动。',
  errorTitle: '出错了',
  errorText: '页面因意外错误而中断。请重试，或返回仪表盘。',
  chunkFailed: '模块加载失败',
  chunkFailedText: '应用的部分内容无法加载。请检查网络连接后重试。',
  opening: '正在新标签页中打开{{target}}…',
  openManually: '如果没有打开，请使用此链接：',
  setTelegram: '在个人资料中添加您的 Telegram 联系方式',
  noTelegram: '您的个人资料中尚未保存 Telegram 联系方式。',
  signingOut: '正在退出…',
  relatedScreens: '另请参阅',
  chooseAccountLead: '请选择要显示的代理商或商户，随后打开其报表。',
  chooseResellerLead: '请选择一个代理商，查看其费率与其商户费率的对照。',
  pickerReseller: '代理商',
  pickerMerchant: '商户',
  pickerResellerOrMerchant: '代理商或商户',
  pickerPlaceholder: '请选择…',
  pickerLoading: '正在加载选项…',
  pickerNone: '暂无可选项。',
  resellerSelfLead: '使用您自己的代理商账户，您可以打开：',
};
